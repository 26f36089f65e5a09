import type { HttpContext } from '@adonisjs/core/http'
import CompanySetting from '#models/company_setting'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { validateOrFlash } from '#services/settings/field_error'
import { otherSettingsValidator } from '#validators/settings/settings_validators'
import db from '@adonisjs/lucid/services/db'
import { notifyDeviceChange } from '#actions/tracking/register_device'

const switches = [
  'geofence_alarms',
  'speed_limit_notifications',
  'fuel_report_sending',
  'multi_language',
  'user_activity_reports',
  'emergency_notifications',
  'system_update_notifications',
] as const

/** The "other settings" of spec §3, admin-or-above to change. */
export default class OtherSettingsController {
  async show({ inertia, company }: HttpContext) {
    const settings = await CompanySetting.of(company!.id)
    const tracking = await storedTrackingValues(company!.id)
    const text = (value: number | null) => (value === null ? '' : String(value))
    return inertia.render('settings/other_settings', {
      values: {
        max_plausible_speed_kmh: text(tracking.max_plausible_speed_kmh),
        temperature_min_c: text(tracking.temperature_min_c),
        temperature_max_c: text(tracking.temperature_max_c),
        archive_days: settings.archiveDays === null ? '' : String(settings.archiveDays),
        licence_expiry_days:
          settings.licenceExpiryDays === null ? '' : String(settings.licenceExpiryDays),
        maintenance_reminder_days:
          settings.maintenanceReminderDays === null ? '' : String(settings.maintenanceReminderDays),
        renewal_reminder_days: text(await storedRenewalDays(company!.id)),
        geofence_alarms: settings.geofenceAlarms,
        speed_limit_notifications: settings.speedLimitNotifications,
        fuel_report_sending: settings.fuelReportSending,
        multi_language: settings.multiLanguage,
        user_activity_reports: settings.userActivityReports,
        emergency_notifications: settings.emergencyNotifications,
        system_update_notifications: settings.systemUpdateNotifications,
      },
    })
  }

  async update(ctx: HttpContext) {
    const { request, company, session, response, i18n } = ctx
    const payload = await validateOrFlash(
      ctx,
      () =>
        request.validateUsing(otherSettingsValidator, {
          messagesProvider: new SettingsMessagesProvider(i18n, 'other_settings'),
        }),
      'messages.form.failed'
    )
    const settings = await CompanySetting.of(company!.id)
    settings.merge({
      archiveDays: payload.archive_days ?? null,
      licenceExpiryDays: payload.licence_expiry_days ?? null,
      maintenanceReminderDays: payload.maintenance_reminder_days ?? null,
    })
    for (const name of switches) {
      const attribute = name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as
        | 'geofenceAlarms'
        | 'speedLimitNotifications'
        | 'fuelReportSending'
        | 'multiLanguage'
        | 'userActivityReports'
        | 'emergencyNotifications'
        | 'systemUpdateNotifications'
      settings[attribute] = payload[name] ?? false
    }
    await settings.save()
    await db
      .from('company_settings')
      .where('company_id', company!.id)
      .update({ renewal_reminder_days: payload.renewal_reminder_days ?? null })
    await saveTrackingValues(company!.id, {
      max_plausible_speed_kmh: payload.max_plausible_speed_kmh ?? null,
      temperature_min_c: payload.temperature_min_c ?? null,
      temperature_max_c: payload.temperature_max_c ?? null,
    })
    session.flash('success', i18n.t('messages.form.submitted'))
    return response.redirect().back()
  }
}

/** The days before a renewal its reminder goes out (null: the maintenance interval applies). */
async function storedRenewalDays(companyId: number): Promise<number | null> {
  const row = await db
    .from('company_settings')
    .where('company_id', companyId)
    .select('renewal_reminder_days')
    .first()
  return row?.renewal_reminder_days ?? null
}

/**
 * The fields of this page kept in the tracking settings the listener reads with each device
 * (companies.tracking_settings): the limit for implausible fixes and the temperature range.
 */
const trackingKeys = {
  max_plausible_speed_kmh: 'maxPlausibleSpeedKmh',
  temperature_min_c: 'temperatureMinC',
  temperature_max_c: 'temperatureMaxC',
} as const
type TrackingValues = Record<keyof typeof trackingKeys, number | null>

/** The company's own values (null: the default, none for the temperature range). */
async function storedTrackingValues(companyId: number): Promise<TrackingValues> {
  const row = await db.from('companies').where('id', companyId).select('tracking_settings').first()
  const stored = row?.tracking_settings ?? {}
  const read = (key: string) =>
    typeof stored[key] === 'number' && Number.isFinite(stored[key]) ? (stored[key] as number) : null
  return {
    max_plausible_speed_kmh: read(trackingKeys.max_plausible_speed_kmh),
    temperature_min_c: read(trackingKeys.temperature_min_c),
    temperature_max_c: read(trackingKeys.temperature_max_c),
  }
}

/**
 * Stores the values in the tracking settings, then, when one changed, has the listeners reload
 * their devices (an empty device_changes payload), so the next reading is judged by them.
 */
async function saveTrackingValues(companyId: number, values: TrackingValues) {
  const stored = await storedTrackingValues(companyId)
  const changed = (Object.keys(trackingKeys) as (keyof TrackingValues)[]).filter(
    (name) => values[name] !== stored[name]
  )
  if (changed.length === 0) return
  for (const name of changed) {
    const key = trackingKeys[name]
    const value = values[name]
    await db.rawQuery(
      value === null
        ? `UPDATE companies SET tracking_settings = coalesce(tracking_settings, '{}'::jsonb) - ? WHERE id = ?`
        : `UPDATE companies SET tracking_settings = jsonb_set(coalesce(tracking_settings, '{}'::jsonb), ?::text[], to_jsonb(?::numeric)) WHERE id = ?`,
      value === null ? [key, companyId] : [`{${key}}`, value, companyId]
    )
  }
  await notifyDeviceChange(db.connection(), '')
}
