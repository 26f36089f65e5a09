import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { DEFAULT_PREFERENCES, formatCalendarDate } from '#shared/date_format'
import { LockedJob, type JobResult } from './job.js'
import { mailerForCompany } from '#services/mail/company_mailer'
import { appUrl } from '#services/alternates'
import { pathFor } from '#shared/route_table'
import type { Locale } from '#shared/locales'

interface ExpiringDevice {
  id: number
  company_id: number
  name: string
  plate: string | null
  licence_end_date: string
}

/**
 * Licence expiry notice (other settings, "licence-expiry notification days before"): each
 * day, owners and admins of a company that set the number of days get one e-mail listing
 * the vehicles whose licence ends within that many days, in their own language, through the
 * company's SMTP server when it has one. Each licence end is told once (licence_expiry_notices);
 * a renewed licence (a new end date) is told again when its time comes.
 */
export class LicenceExpiryJob extends LockedJob {
  readonly name = 'licence_expiry'

  protected async perform(now: DateTime): Promise<JobResult> {
    const today = now.toUTC().toISODate()!
    const rows = (await db
      .from('devices as d')
      .join('company_settings as s', 's.company_id', 'd.company_id')
      .whereNotNull('s.licence_expiry_days')
      .whereNotNull('d.licence_end_date')
      .where('d.licence_end_date', '>=', today)
      .whereRaw(`d.licence_end_date <= ?::date + s.licence_expiry_days`, [today])
      .whereNotExists((query) =>
        query
          .from('licence_expiry_notices as n')
          .whereColumn('n.device_id', 'd.id')
          .whereColumn('n.licence_end_date', 'd.licence_end_date')
      )
      .select(
        'd.id',
        'd.company_id',
        'd.name',
        'd.plate',
        db.raw(`to_char(d.licence_end_date, 'YYYY-MM-DD') as licence_end_date`)
      )
      .orderBy('d.licence_end_date')
      .orderBy('d.name')) as ExpiringDevice[]

    const byCompany = new Map<number, ExpiringDevice[]>()
    for (const row of rows) {
      byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row])
    }
    let sent = 0
    for (const [companyId, found] of byCompany) {
      // Each licence end is recorded before its e-mail goes out, in a transaction that commits
      // once the e-mails are sent: a run meanwhile (another scheduler) waits on the record and
      // then finds it, and a failed send leaves it unrecorded for the next run.
      sent += await db.transaction(async (trx) => {
        const claimed = await trx
          .table('licence_expiry_notices')
          .insert(
            found.map((device) => ({
              device_id: device.id,
              licence_end_date: device.licence_end_date,
              created_at: new Date(),
            }))
          )
          .onConflict(['device_id', 'licence_end_date'])
          .ignore()
          .returning('device_id')
        const claimedIds = new Set(claimed.map((row: { device_id: number }) => row.device_id))
        const devices = found.filter((device) => claimedIds.has(device.id))
        return devices.length === 0 ? 0 : this.mail(companyId, devices, today)
      })
    }
    return { affected: sent }
  }

  /** One e-mail to each owner and admin of the company listing its expiring vehicles. */
  private async mail(companyId: number, devices: ExpiringDevice[], today: string) {
    let sent = 0
    const recipients = (await db
      .from('team_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.company_id', companyId)
      .whereIn('m.role', ['owner', 'admin'])
      .select('u.email', 'u.locale', 'u.date_format as dateFormat')) as {
      email: string
      locale: string
      dateFormat: string | null
    }[]
    const mailer = await mailerForCompany(companyId)
    for (const recipient of recipients) {
      const locale = (recipient.locale === 'tr' ? 'tr' : 'en') as Locale
      const i18n = i18nManager.locale(locale)
      const lines = devices.map((device) => {
        const days = DateTime.fromISO(device.licence_end_date)
          .diff(DateTime.fromISO(today), 'days')
          .days.toFixed(0)
        return i18n.t('settings.licence_mail.line', {
          vehicle: device.plate ? `${device.name} (${device.plate})` : device.name,
          date: formatCalendarDate(device.licence_end_date, {
            timezone: 'UTC',
            dateFormat: recipient.dateFormat ?? DEFAULT_PREFERENCES.dateFormat,
          }),
          days,
        })
      })
      const url = `${appUrl()}${pathFor('account.subscriptions', locale)}`
      await mailer.send((message) => {
        message
          .to(recipient.email)
          .subject(i18n.t('settings.licence_mail.subject', { count: devices.length }))
          .htmlView('emails/licence_expiry', {
            locale,
            heading: i18n.t('settings.licence_mail.heading'),
            lines,
            actionLabel: i18n.t('settings.licence_mail.action'),
            actionUrl: url,
            footer: i18n.t('mail.footer'),
          })
          .textView('emails/licence_expiry_text', {
            heading: i18n.t('settings.licence_mail.heading'),
            lines,
            actionUrl: url,
            footer: i18n.t('mail.footer'),
          })
      })
      sent++
    }
    return sent
  }
}
