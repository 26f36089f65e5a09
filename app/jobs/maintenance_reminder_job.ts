import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { mailerForCompany } from '#services/mail/company_mailer'
import i18nManager from '@adonisjs/i18n/services/main'
import type { DateTime } from 'luxon'
import { appUrl } from '#config/app'
import { dueStateSql, type DueWindow } from '#shared/maintenance'
import { ODOMETER_KM_SQL, companyDaysSql, dueWindow } from '#queries/fleet/maintenance_due'
import { pathFor } from '#shared/route_table'
import { isLocale, type Locale } from '#shared/locales'
import type { MaintenanceNotification } from '#services/notifications/notification_message'
import { maintenanceReminderText } from '#services/reminders/reminder_text'
import { inboxBroadcast, inboxChannel, unreadCount } from '#services/notifications/channels'
import { LockedJob, type JobResult } from './job.js'

interface DueItem {
  id: number
  company_id: number
  device_id: number
  company: string
  vehicle: string
  maintenance_type: string
  next_date: string | null
  next_distance_km: number | null
  odometer_km: number
  state: 'due' | 'overdue'
}

export interface MaintenanceReminder {
  scheduleId: number
  companyId: number
  recipients: string[]
}

/**
 * Reminds each company's managers (managers, admins and owners) of maintenance that falls
 * due within the window (days before the next date: the company's "maintenance reminder
 * interval (days)" setting, else config/maintenance.ts; km before the next distance; whichever
 * comes first) or is overdue: one e-mail per manager in their
 * language, a message in their in-app inbox, and a log line. Once per item: the schedule keeps the next date and distance it
 * reminded of, so an item is reminded of again only after it was rolled forward.
 */
export class MaintenanceReminderJob extends LockedJob {
  readonly name = 'maintenance_reminders'

  constructor(
    private readonly window: DueWindow = dueWindow,
    private readonly onReminder: (reminder: MaintenanceReminder) => void = () => {}
  ) {
    super()
  }

  protected async perform(now: DateTime): Promise<JobResult> {
    const today = now.toISODate()!
    // The company's "maintenance reminder interval (days)" when set, else the server's default.
    const state = dueStateSql(
      'ms.next_date',
      'ms.next_distance_km',
      ODOMETER_KM_SQL,
      this.window,
      ':today::date',
      companyDaysSql('ms.company_id', this.window)
    )
    const result = await db.rawQuery(
      `SELECT ms.id, ms.company_id, ms.device_id, c.name AS company, d.name AS vehicle, ms.maintenance_type,
              to_char(ms.next_date, 'YYYY-MM-DD') AS next_date, ms.next_distance_km,
              ${ODOMETER_KM_SQL} AS odometer_km, ${state} AS state
         FROM maintenance_schedules ms
         JOIN companies c ON c.id = ms.company_id
         JOIN devices d ON d.id = ms.device_id
         LEFT JOIN device_states s ON s.device_id = ms.device_id
        WHERE ${state} <> 'ok'
          AND (ms.reminded_at IS NULL
               OR ms.reminded_for_date IS DISTINCT FROM ms.next_date
               OR ms.reminded_for_km IS DISTINCT FROM ms.next_distance_km)
        ORDER BY ms.company_id, ms.id`,
      { today }
    )
    const items = result.rows as DueItem[]
    for (const item of items) {
      // Claim the item first: two scheduler processes never remind of it twice.
      const claimed = await db
        .from('maintenance_schedules')
        .where('id', item.id)
        .where((query) =>
          query
            .whereNull('reminded_at')
            .orWhereRaw('reminded_for_date IS DISTINCT FROM next_date')
            .orWhereRaw('reminded_for_km IS DISTINCT FROM next_distance_km')
        )
        .update({
          reminded_at: now.toJSDate(),
          reminded_for_date: db.raw('next_date'),
          reminded_for_km: db.raw('next_distance_km'),
        })
      if (Number(claimed) === 0 || (Array.isArray(claimed) && claimed.length === 0)) continue
      const recipients = await this.managersOf(item.company_id)
      for (const recipient of recipients) {
        await this.send(recipient, item)
        await this.toInbox(recipient.userId, item)
      }
      logger.info(
        {
          company: item.company_id,
          schedule: item.id,
          vehicle: item.vehicle,
          type: item.maintenance_type,
          state: item.state,
          recipients: recipients.length,
        },
        'maintenance reminder'
      )
      this.onReminder({
        scheduleId: item.id,
        companyId: item.company_id,
        recipients: recipients.map((recipient) => recipient.email),
      })
    }
    return { affected: items.length }
  }

  private async managersOf(companyId: number) {
    const rows = await db
      .from('team_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.company_id', companyId)
      .whereIn('m.role', ['owner', 'admin', 'manager'])
      .select('u.id', 'u.email', 'u.locale', 'u.date_format as date_format')
      .orderBy('u.email')
    return rows.map((row) => ({
      userId: Number(row.id),
      email: String(row.email),
      locale: (isLocale(row.locale) ? row.locale : 'en') as Locale,
      dateFormat: (row.date_format as string | null) ?? null,
    }))
  }

  /** The in-app inbox of the manager, with the bell's count updated live. */
  private async toInbox(userId: number, item: DueItem) {
    const data: MaintenanceNotification = {
      kind: 'maintenance',
      scheduleId: item.id,
      deviceId: item.device_id,
      vehicle: item.vehicle,
      company: item.company,
      maintenanceType: item.maintenance_type,
      state: item.state,
      nextDate: item.next_date,
      nextDistanceKm: item.next_distance_km,
      odometerKm: Number(item.odometer_km),
    }
    await db.table('notifications').insert({
      company_id: item.company_id,
      user_id: userId,
      device_id: item.device_id,
      data: JSON.stringify(data),
      created_at: new Date(),
    })
    inboxBroadcast.send(inboxChannel(userId), {
      type: 'notification',
      companyId: item.company_id,
      unread: await unreadCount(userId, item.company_id),
    })
  }

  private async send(
    recipient: { email: string; locale: Locale; dateFormat: string | null },
    item: DueItem
  ) {
    const mail = maintenanceReminderText(
      {
        company: item.company,
        vehicle: item.vehicle,
        maintenanceType: item.maintenance_type,
        state: item.state,
        nextDate: item.next_date,
        nextDistanceKm: item.next_distance_km,
        odometerKm: Number(item.odometer_km),
      },
      recipient.locale,
      recipient.dateFormat
    )
    const text = (key: 'subject' | 'heading' | 'body' | 'action') => mail[key]
    const url = `${appUrl}${pathFor('fleet.maintenance-schedule', recipient.locale)}`
    try {
      // The company's own SMTP server when its e-mail settings name one.
      const mailer = await mailerForCompany(item.company_id)
      await mailer.send((message) => {
        message
          .to(recipient.email)
          .subject(text('subject'))
          .htmlView('emails/action', {
            locale: recipient.locale,
            heading: text('heading'),
            body: text('body'),
            actionLabel: text('action'),
            actionUrl: url,
            footer: i18nManager.locale(recipient.locale).t('mail.footer'),
          })
          .textView('emails/action_text', {
            heading: text('heading'),
            body: text('body'),
            actionUrl: url,
            footer: i18nManager.locale(recipient.locale).t('mail.footer'),
          })
      })
    } catch (error) {
      // One unreachable mailbox must not stop the others; the item stays reminded (logged).
      logger.error({ err: error, to: recipient.email }, 'maintenance reminder mail failed')
    }
  }
}
