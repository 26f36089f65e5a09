import db from '@adonisjs/lucid/services/db'
import { renewalDaysSql, renewalsSql } from '#jobs/renewal_reminder_job'
import type { VehicleScope } from '#abilities/vehicle_scope'
import type { RenewalKind, RenewalRow } from '#shared/renewals'

export interface RenewalFilters {
  /** YYYY-MM-DD, the company's today. */
  today: string
  kind?: RenewalKind
  /** overdue: the date has passed; upcoming: from today to `withinDays`. Absent: both. */
  status?: 'overdue' | 'upcoming'
  /** How far ahead upcoming renewals are listed; absent: the company's reminder days. */
  withinDays?: number
}

/** The days before a renewal its reminder goes out, for the company (setting, fallbacks). */
export async function renewalDaysOf(companyId: number): Promise<number> {
  const result = await db.rawQuery(`SELECT ${renewalDaysSql('?')} AS days`, [companyId])
  return Number(result.rows[0].days)
}

/**
 * Every overdue renewal of the company and every upcoming one within the horizon (the
 * company's reminder days, or `withinDays`), soonest first, with the days left (negative:
 * overdue). A member limited to vehicle groups sees the renewals of those groups' vehicles and
 * no driver licences (a driver belongs to no group).
 */
export async function listRenewals(
  scope: VehicleScope,
  filters: RenewalFilters
): Promise<RenewalRow[]> {
  const within = filters.withinDays ?? (await renewalDaysOf(scope.companyId))
  const bindings: unknown[] = [filters.today, scope.companyId, filters.today, filters.today, within]
  let where = ''
  if (scope.deviceGroupIds !== null) {
    where += ` AND r.device_id IN (SELECT id FROM devices WHERE company_id = ? AND group_id = ANY(?::int[]))`
    bindings.push(scope.companyId, `{${scope.deviceGroupIds.join(',')}}`)
  }
  if (filters.kind) {
    where += ' AND r.kind = ?'
    bindings.push(filters.kind)
  }
  if (filters.status === 'overdue') where += ' AND r.due_date < ?::date'
  if (filters.status === 'upcoming') where += ' AND r.due_date >= ?::date'
  if (filters.status) bindings.push(filters.today)
  const result = await db.rawQuery(
    `SELECT r.kind, r.record_id, r.device_id, r.subject,
            to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
            (r.due_date - ?::date)::int AS days_left,
            EXISTS (SELECT 1 FROM renewal_reminders rr WHERE rr.kind = r.kind
                    AND rr.record_id = r.record_id AND rr.due_date = r.due_date) AS reminded
       FROM (${renewalsSql}) r
      WHERE r.company_id = ?
        AND (r.due_date < ?::date OR r.due_date <= ?::date + ?::int)${where}
      ORDER BY r.due_date, r.kind, r.subject, r.record_id`,
    bindings
  )
  return result.rows.map((row: any) => ({
    kind: row.kind as RenewalKind,
    recordId: Number(row.record_id),
    deviceId: row.device_id === null ? null : Number(row.device_id),
    subject: String(row.subject),
    dueDate: String(row.due_date),
    daysLeft: Number(row.days_left),
    reminded: Boolean(row.reminded),
  }))
}
