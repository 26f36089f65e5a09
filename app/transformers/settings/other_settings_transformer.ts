import { BaseTransformer } from '@adonisjs/core/transformers'
import type CompanySetting from '#models/company_setting'
import type { TrackingValues } from '#queries/settings/other_settings'

/** What the other-settings page is made of: the company's settings and the values kept elsewhere. */
export type OtherSettingsSource = {
  settings: CompanySetting
  tracking: TrackingValues
  renewalDays: number | null
}

const text = (value: number | null) => (value === null ? '' : String(value))

/**
 * The other-settings form (spec §3): the numbers as text (empty: the default) and the
 * switches. The page's type is generated from this class (`Data.Settings.OtherSettings`).
 */
export default class OtherSettingsTransformer extends BaseTransformer<OtherSettingsSource> {
  toObject() {
    const { settings, tracking, renewalDays } = this.resource
    return {
      max_plausible_speed_kmh: text(tracking.max_plausible_speed_kmh),
      temperature_min_c: text(tracking.temperature_min_c),
      temperature_max_c: text(tracking.temperature_max_c),
      archive_days: text(settings.archiveDays),
      licence_expiry_days: text(settings.licenceExpiryDays),
      maintenance_reminder_days: text(settings.maintenanceReminderDays),
      renewal_reminder_days: text(renewalDays),
      geofence_alarms: settings.geofenceAlarms,
      speed_limit_notifications: settings.speedLimitNotifications,
      fuel_report_sending: settings.fuelReportSending,
      multi_language: settings.multiLanguage,
      user_activity_reports: settings.userActivityReports,
      emergency_notifications: settings.emergencyNotifications,
      system_update_notifications: settings.systemUpdateNotifications,
    }
  }
}

export function otherSettingsForForm(source: OtherSettingsSource) {
  return new OtherSettingsTransformer(source).toObject()
}
