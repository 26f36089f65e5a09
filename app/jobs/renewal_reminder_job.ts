import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import maintenanceConfig from '#config/maintenance'
import { mailerForCompany } from '#services/mail/company_mailer'
import { appUrl } from '#services/alternates'
import { pathFor } from '#shared/route_table'
import { isLocale, type Locale } from '#shared/locales'
import { inboxBroadcast, inboxChannel, unreadCount } from '#services/notifications/channels'
import type { RenewalNotification } from '#services/notifications/notification_message'
import { renewalLine, renewalPage, type RenewalKind } from '#services/reminders/reminder_text'
import { LockedJob, type JobResult } from './job.js'

export interface RenewalItem {
  kind: RenewalKind
  record_id: number
  company_id: number
  device_id: number | null
  subject: string
  due_date: string
}

const vehicleName = `CASE WHEN d.plate IS NULL OR d.plate = '' THEN d.name ELSE d.name || ' (' || d.plate || ')' END`

/**
 * Every dated renewal of the fleet, one row per record: a vehicle's insurance (the newest policy
 * of its kind only), periodic inspection, exhaust emission, rental end (the newest rental of the
 * vehicle only), a driver's licence expiry and a vehicle document's expiry (the newest record of
 * the same document only: a renewed document is entered as a new record).
 */
export const renewalsSql = `
  SELECT 'insurance' AS kind, i.id AS record_id, i.company_id, i.device_id, ${vehicleName} AS subject, i.end_date AS due_date
    FROM insurances i JOIN devices d ON d.id = i.device_id
   WHERE i.end_date IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM insurances n WHERE n.device_id = i.device_id
                     AND n.type_id IS NOT DISTINCT FROM i.type_id AND n.end_date > i.end_date)
  UNION ALL
  SELECT 'inspection', d.id, d.company_id, d.id, ${vehicleName}, d.inspection_date
    FROM devices d WHERE d.inspection_date IS NOT NULL AND d.company_id IS NOT NULL
  UNION ALL
  SELECT 'exhaust', d.id, d.company_id, d.id, ${vehicleName}, d.exhaust_date
    FROM devices d WHERE d.exhaust_date IS NOT NULL AND d.company_id IS NOT NULL
  UNION ALL
  SELECT 'rental', r.id, r.company_id, r.device_id, ${vehicleName}, r.end_date
    FROM rental_records r JOIN devices d ON d.id = r.device_id
   WHERE r.end_date IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM rental_records n WHERE n.device_id = r.device_id
                     AND n.end_date > r.end_date)
  UNION ALL
  SELECT 'driver_licence', dr.id, dr.company_id, NULL, dr.name, dr.licence_expiry_date
    FROM drivers dr WHERE dr.licence_expiry_date IS NOT NULL
  UNION ALL
  SELECT 'document', p.id, p.company_id, p.device_id,
         ${vehicleName} || ': ' || left(regexp_replace(trim(p.content), '\\s+', ' ', 'g'), 80),
         p.expiry_date
    FROM paperworks p JOIN devices d ON d.id = p.device_id
   WHERE p.expiry_date IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM paperworks n WHERE n.device_id = p.device_id
                     AND lower(trim(n.content)) = lower(trim(p.content))
                     AND n.expiry_date > p.expiry_date)`

/**
 * The days before a renewal its reminder goes out: the company's renewal setting, else its
 * maintenance reminder interval, else the server's.
 */
export const renewalDaysSql = (companyColumn: string) =>
  `coalesce((SELECT coalesce(cs.renewal_reminder_days, cs.maintenance_reminder_days) FROM company_settings cs WHERE cs.company_id = ${companyColumn}), ${Math.trunc(maintenanceConfig.reminderDays)})`

/**
 * The renewals from `today` to their company's reminder horizon (one company's with
 * `companyId`), soonest first, each with whether it was reminded of.
 */
export async function upcomingRenewals(today: string, companyId?: number) {
  const query = `
    SELECT r.kind, r.record_id, r.company_id, r.device_id, r.subject,
           to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
           EXISTS (SELECT 1 FROM renewal_reminders rr WHERE rr.kind = r.kind
                   AND rr.record_id = r.record_id AND rr.due_date = r.due_date) AS reminded
      FROM (${renewalsSql}) r
     WHERE r.due_date >= :today::date
       AND r.due_date <= :today::date + ${renewalDaysSql('r.company_id')}
       ${companyId === undefined ? '' : 'AND r.company_id = :companyId'}
     ORDER BY r.due_date, r.kind, r.subject`
  const result = await db.rawQuery(
    query,
    companyId === undefined ? { today } : { today, companyId }
  )
  return result.rows as (RenewalItem & { reminded: boolean })[]
}

/**
 * Renewal reminders (issue 30): insurance end, periodic inspection (TÜV / muayene), exhaust
 * emission, rental end, a driver's licence expiry and any dated document (paperwork expiry). Each day, the managers (owners, admins and
 * managers) of a company get, as many days before as the company's "renewal reminder
 * (days before)" says (else its maintenance reminder interval, else MAINTENANCE_REMINDER_DAYS), one e-mail in their language listing
 * the renewals coming up and a message per renewal in their in-app inbox. Each renewal is
 * recorded (renewal_reminders: kind, record, date) in the transaction that sends it, so it is
 * told once; a renewed date is told again when its time comes.
 */
export class RenewalReminderJob extends LockedJob {
  readonly name = 'renewal_reminders'

  protected async perform(now: DateTime): Promise<JobResult> {
    const today = now.toUTC().toISODate()!
    const upcoming = await upcomingRenewals(today)
    const due = upcoming.filter((item) => !item.reminded)
    const byCompany = new Map<number, RenewalItem[]>()
    for (const item of due) {
      byCompany.set(item.company_id, [...(byCompany.get(item.company_id) ?? []), item])
    }
    let reminded = 0
    for (const [companyId, found] of byCompany) {
      reminded += await db.transaction(async (trx) => {
        const claimed = await trx
          .table('renewal_reminders')
          .insert(
            found.map((item) => ({
              company_id: companyId,
              kind: item.kind,
              record_id: item.record_id,
              due_date: item.due_date,
              created_at: now.toJSDate(),
            }))
          )
          .onConflict(['kind', 'record_id', 'due_date'])
          .ignore()
          .returning(['kind', 'record_id'])
        const keys = new Set(
          claimed.map((row: { kind: string; record_id: number }) => `${row.kind}:${row.record_id}`)
        )
        const items = found.filter((item) => keys.has(`${item.kind}:${item.record_id}`))
        if (items.length === 0) return 0
        await this.remind(companyId, items, today)
        return items.length
      })
    }
    return { affected: reminded }
  }

  private async remind(companyId: number, items: RenewalItem[], today: string) {
    const recipients = await db
      .from('team_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.company_id', companyId)
      .whereIn('m.role', ['owner', 'admin', 'manager'])
      .select('u.id', 'u.email', 'u.locale', 'u.date_format as date_format')
      .orderBy('u.email')
    const mailer = await mailerForCompany(companyId)
    for (const row of recipients) {
      const locale = (isLocale(row.locale) ? row.locale : 'en') as Locale
      const i18n = i18nManager.locale(locale)
      const lines = items.map((item) =>
        renewalLine(
          { kind: item.kind, subject: item.subject, dueDate: item.due_date },
          today,
          locale,
          row.date_format
        )
      )
      // The page of the records when they are of one kind, else the fleet's overview.
      const kinds = new Set(items.map((item) => renewalPage(item.kind)))
      const page = kinds.size === 1 ? [...kinds][0] : 'fleet-new'
      const url = `${appUrl()}${pathFor(page, locale)}`
      try {
        await mailer.send((message) => {
          message
            .to(row.email)
            .subject(i18n.t('renewals.mail.subject', { count: items.length }))
            .htmlView('emails/licence_expiry', {
              locale,
              heading: i18n.t('renewals.mail.heading'),
              lines,
              actionLabel: i18n.t('renewals.mail.action'),
              actionUrl: url,
              footer: i18n.t('mail.footer'),
            })
            .textView('emails/licence_expiry_text', {
              heading: i18n.t('renewals.mail.heading'),
              lines,
              actionUrl: url,
              footer: i18n.t('mail.footer'),
            })
        })
      } catch (error) {
        // One unreachable mailbox must not stop the others; the renewal stays reminded (logged).
        logger.error({ err: error, to: row.email }, 'renewal reminder mail failed')
      }
      for (const item of items) {
        const data: RenewalNotification = {
          kind: 'renewal',
          renewalKind: item.kind,
          recordId: Number(item.record_id),
          subject: item.subject,
          dueDate: item.due_date,
          today,
        }
        await db.table('notifications').insert({
          company_id: companyId,
          user_id: row.id,
          device_id: item.device_id,
          data: JSON.stringify(data),
          created_at: new Date(),
        })
      }
      inboxBroadcast.send(inboxChannel(Number(row.id)), {
        type: 'notification',
        companyId,
        unread: await unreadCount(Number(row.id), companyId),
      })
    }
    logger.info({ company: companyId, renewals: items.length }, 'renewal reminders')
  }
}
