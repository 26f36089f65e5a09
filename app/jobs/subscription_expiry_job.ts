import { DateTime } from 'luxon'
import { formatCalendarDate } from '#shared/date_format'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import billingConfig from '#config/billing'
import { invoiceRecipients } from '#services/billing/invoice_document'
import { appUrl } from '#services/alternates'
import { pathFor } from '#shared/route_table'
import { LockedJob, type JobResult } from './job.js'

/** The zone whose calendar days the job counts in (the product's default time zone). */
const ZONE = 'Europe/Istanbul'

/**
 * Daily: reminders before a subscription ends, and the expiry rule after it
 * (README "When a subscription ends").
 *
 * - Reminders: 30, 7 and 1 days before the end. A subscription gets the reminder of the
 *   smallest threshold its remaining days fall under, once per end date (a missed day catches
 *   up; an extension moves the end date and the reminders start again). One e-mail per company
 *   and threshold lists its vehicles; it goes to the owners and the billing e-mail.
 * - Expiry: a subscription whose end lies more than the grace period (BILLING_GRACE_DAYS,
 *   7 by default) in the past is marked expired; its vehicle's live position and reports are
 *   hidden until it is renewed. Its tracker keeps reporting and nothing is lost.
 */
export class SubscriptionExpiryJob extends LockedJob {
  readonly name = 'subscription-expiry'

  protected async perform(now: DateTime): Promise<JobResult> {
    const today = now.setZone(ZONE).startOf('day')
    // Vehicles added since the last run get their subscription first.
    await db.rawQuery(`INSERT INTO subscriptions
        (company_id, device_id, plan, status, starts_on, ends_on, paid_periods, created_at, updated_at)
      SELECT d.company_id, d.id, 'premium', 'active',
        COALESCE(d.installation_date, d.created_at::date), d.licence_end_date, 0, now(), now()
      FROM devices d WHERE NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.device_id = d.id)
      ON CONFLICT (device_id) DO NOTHING`)
    const reminded = await this.sendReminders(today)
    const expired = await this.expire(today)
    return { affected: reminded + expired }
  }

  async sendReminders(today: DateTime): Promise<number> {
    const thresholds = [...billingConfig.reminderDays].sort((a, b) => a - b)
    let sent = 0
    for (const [index, days] of thresholds.entries()) {
      const lower = index === 0 ? 0 : thresholds[index - 1] + 1
      const from = today.plus({ days: lower }).toISODate()!
      const to = today.plus({ days }).toISODate()!
      // Claim the reminders first (unique per subscription, end date and threshold): two runs
      // at once never send the same reminder twice.
      const claimed = await db.rawQuery<{
        rows: { subscription_id: number; ends_on: string }[]
      }>(
        `INSERT INTO subscription_reminders (subscription_id, ends_on, days_before, created_at)
         SELECT s.id, s.ends_on, ?, now() FROM subscriptions s
         WHERE s.status = 'active' AND s.ends_on BETWEEN ? AND ?
           -- A company that chose its own notice (other settings, licence-expiry days) is
           -- told by the licence expiry job instead (app/jobs/licence_expiry_job.ts).
           AND NOT EXISTS (SELECT 1 FROM company_settings cs
                            WHERE cs.company_id = s.company_id
                              AND cs.licence_expiry_days IS NOT NULL)
         ON CONFLICT DO NOTHING
         RETURNING subscription_id, to_char(ends_on, 'YYYY-MM-DD') AS ends_on`,
        [days, from, to]
      )
      if (claimed.rows.length === 0) continue
      const rows = await db
        .from('subscriptions as s')
        .join('devices as d', 'd.id', 's.device_id')
        .whereIn(
          's.id',
          claimed.rows.map((row) => row.subscription_id)
        )
        .select(
          's.company_id',
          'd.name',
          'd.plate',
          db.raw(`to_char(s.ends_on, 'YYYY-MM-DD') as ends_on`)
        )
        .orderBy('s.ends_on')
        .orderBy('d.name')
      const byCompany = new Map<number, typeof rows>()
      for (const row of rows) {
        byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row])
      }
      for (const [companyId, vehicles] of byCompany) {
        await this.mailReminder(companyId, days, vehicles, today)
        sent += vehicles.length
      }
    }
    return sent
  }

  async mailReminder(
    companyId: number,
    days: number,
    vehicles: { name: string; plate: string | null; ends_on: string }[],
    today: DateTime
  ) {
    try {
      for (const recipient of await invoiceRecipients(companyId)) {
        const i18n = i18nManager.locale(recipient.locale)
        const remaining = Math.round(
          DateTime.fromISO(vehicles[0].ends_on, { zone: ZONE }).diff(today, 'days').days
        )
        const values = {
          count: vehicles.length,
          days: Math.max(remaining, 0),
          date: formatCalendarDate(vehicles[0].ends_on, {
            timezone: ZONE,
            dateFormat: recipient.dateFormat,
          }),
          vehicles: vehicles
            .map((vehicle) => (vehicle.plate ? `${vehicle.name} (${vehicle.plate})` : vehicle.name))
            .join(', '),
        }
        const url = `${appUrl()}${pathFor('account.subscriptions', recipient.locale)}`
        await mail.send((message) => {
          message
            .to(recipient.email)
            .subject(i18n.t('billing.mail.reminder.subject', values))
            .htmlView('emails/action', {
              locale: recipient.locale,
              heading: i18n.t('billing.mail.reminder.heading'),
              body: i18n.t('billing.mail.reminder.body', values),
              actionLabel: i18n.t('billing.mail.reminder.action'),
              actionUrl: url,
              footer: i18n.t('mail.footer'),
            })
            .textView('emails/action_text', {
              heading: i18n.t('billing.mail.reminder.heading'),
              body: i18n.t('billing.mail.reminder.body', values),
              actionUrl: url,
              footer: i18n.t('mail.footer'),
            })
        })
      }
      logger.info({ companyId, days, vehicles: vehicles.length }, 'subscription reminder sent')
    } catch (error) {
      logger.error({ err: error, companyId, days }, 'subscription reminder failed')
    }
  }

  /** Marks expired the subscriptions ended more than the grace period ago. */
  async expire(today: DateTime): Promise<number> {
    const limit = today.minus({ days: billingConfig.graceDays }).toISODate()!
    const result = await db
      .from('subscriptions')
      .where('status', 'active')
      .whereNotNull('ends_on')
      .where('ends_on', '<', limit)
      .update({ status: 'expired', expired_at: new Date(), updated_at: new Date() })
    return Array.isArray(result) ? result.length : Number(result)
  }
}
