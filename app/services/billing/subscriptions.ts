import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import billingConfig from '#config/billing'

/**
 * Subscriptions as the account pages read them. Every vehicle has one: existing vehicles got
 * theirs from the migration, a vehicle added later gets it the first time its company's
 * subscriptions are read (a new vehicle: 10 % off its first month).
 */
export async function ensureSubscriptions(companyId: number, client?: TransactionClientContract) {
  await (client ?? db).rawQuery(
    `INSERT INTO subscriptions
       (company_id, device_id, plan, status, starts_on, ends_on, paid_periods, created_at, updated_at)
     SELECT d.company_id, d.id, 'premium', 'active',
       COALESCE(d.installation_date, d.created_at::date), d.licence_end_date, 0, now(), now()
     FROM devices d
     WHERE d.company_id = ?
       AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.device_id = d.id)
     ON CONFLICT (device_id) DO NOTHING`,
    [companyId]
  )
}

export const EXPIRY_PERIODS = [30, 60, 90] as const
export type ExpiryPeriod = (typeof EXPIRY_PERIODS)[number]

/** What a subscription is today: running, ended within the grace period, expired, or open. */
export type SubscriptionState = 'active' | 'grace' | 'expired' | 'open'

export interface SubscriptionRow {
  id: number
  deviceId: number
  deviceName: string
  plate: string | null
  imei: string
  plan: string
  status: 'active' | 'expired'
  state: SubscriptionState
  startsOn: string
  endsOn: string | null
  remainingDays: number | null
  isNew: boolean
  lastExtensionMonths: number | null
  lastDiscountCode: string | null
}

export function stateOf(endsOn: string | null, today: DateTime, status: string): SubscriptionState {
  if (!endsOn) return 'open'
  const remaining = remainingDays(endsOn, today)!
  if (remaining >= 0) return 'active'
  if (status === 'expired' || -remaining > billingConfig.graceDays) return 'expired'
  return 'grace'
}

export function remainingDays(endsOn: string | null, today: DateTime): number | null {
  if (!endsOn) return null
  const end = DateTime.fromISO(endsOn, { zone: today.zone })
  return Math.round(end.diff(today.startOf('day'), 'days').days)
}

/**
 * The company's subscriptions, soonest end first; with `withinDays`, only those ending
 * within that many days from `today` (ended ones included, they need renewing first).
 */
export async function listSubscriptions(
  companyId: number,
  today: DateTime,
  options: { withinDays?: number | null } = {}
): Promise<SubscriptionRow[]> {
  await ensureSubscriptions(companyId)
  const query = db
    .from('subscriptions as s')
    .join('devices as d', 'd.id', 's.device_id')
    .where('s.company_id', companyId)
    .select(
      's.id',
      's.device_id',
      'd.name',
      'd.plate',
      'd.imei',
      's.plan',
      's.status',
      db.raw(`to_char(s.starts_on, 'YYYY-MM-DD') as starts_on`),
      db.raw(`to_char(s.ends_on, 'YYYY-MM-DD') as ends_on`),
      's.paid_periods',
      's.last_extension_months',
      's.last_discount_code'
    )
    .orderByRaw('s.ends_on ASC NULLS LAST, d.name ASC, s.id ASC')
  if (options.withinDays) {
    query
      .whereNotNull('s.ends_on')
      .where('s.ends_on', '<=', today.plus({ days: options.withinDays }).toISODate()!)
  }
  const rows = await query
  return rows.map((row) => ({
    id: row.id,
    deviceId: row.device_id,
    deviceName: row.name,
    plate: row.plate,
    imei: row.imei,
    plan: row.plan,
    status: row.status,
    state: stateOf(row.ends_on, today, row.status),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    remainingDays: remainingDays(row.ends_on, today),
    isNew: Number(row.paid_periods) === 0,
    lastExtensionMonths: row.last_extension_months,
    lastDiscountCode: row.last_discount_code,
  }))
}

/** The day a paid extension starts from: the current end, or today once it has passed. */
export function extensionBase(endsOn: DateTime | null, today: DateTime): DateTime {
  if (endsOn && endsOn.toISODate()! >= today.toISODate()!) return endsOn
  return today
}
