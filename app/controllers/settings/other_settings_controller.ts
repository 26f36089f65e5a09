import type { HttpContext } from '@adonisjs/core/http'
import CompanySetting from '#models/company_setting'
import { SettingsMessagesProvider } from '#services/settings/settings_messages'
import { validateOrFlash } from '#services/settings/field_error'
import { otherSettingsValidator } from '#validators/settings/settings_validators'
import { storedRenewalDays, storedTrackingValues } from '#queries/settings/other_settings'
import { otherSettingsForForm } from '#transformers/settings/other_settings_transformer'
import { saveRenewalDays, saveTrackingValues } from '#actions/settings/save_other_settings'

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
    return inertia.render('settings/other_settings', {
      values: otherSettingsForForm({
        settings,
        tracking,
        renewalDays: await storedRenewalDays(company!.id),
      }),
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
    await saveRenewalDays(company!.id, payload.renewal_reminder_days ?? null)
    await saveTrackingValues(company!.id, {
      max_plausible_speed_kmh: payload.max_plausible_speed_kmh ?? null,
      temperature_min_c: payload.temperature_min_c ?? null,
      temperature_max_c: payload.temperature_max_c ?? null,
    })
    session.flash('success', i18n.t('messages.form.submitted'))
    return response.redirect().back()
  }
}
