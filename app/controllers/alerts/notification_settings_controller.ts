import type { HttpContext } from '@adonisjs/core/http'
import { requestDeviceGroups } from '#abilities/request_vehicle_scope'
import { findCompanyRule, notificationRules } from '#queries/alerts/alert_rules'
import {
  createCompanyRule,
  deleteCompanyRule,
  updateCompanyRule,
} from '#actions/alerts/alert_rules'
import { notificationSettingValidator } from '#validators/alerts/alerts_validators'
import { AlertsMessagesProvider } from '#services/notifications/alerts_messages'
import { companyVehiclesAndGroups } from '#queries/alerts/geofences'
import { notificationSettingForPage } from '#transformers/alerts/notification_setting_transformer'
import { alarmCodeChoices } from '#shared/alarm_code_list'
import { pathFor } from '#shared/route_table'
import { timezoneOf } from '#services/live/user_preferences'

/**
 * Notification rules (spec §3): which alarms of which vehicles reach whom, how (in-app,
 * e-mail, SMS) and when (at once, or as a weekly or monthly digest). Each rule shows its
 * last delivery failure and its queue.
 */
export default class NotificationSettingsController {
  async index(ctx: HttpContext) {
    const companyId = ctx.company!.id
    const rules = await notificationRules(companyId)
    const { devices } = await companyVehiclesAndGroups(companyId, await requestDeviceGroups(ctx))
    return ctx.inertia.render('alerts/notification_settings', {
      rules: rules.map(notificationSettingForPage),
      devices,
      codeGroups: alarmCodeChoices(),
      defaultTimezone: timezoneOf(ctx.auth.user),
      canEdit: await ctx.bouncer.allows('administerCompany'),
      basePath: pathFor('settings.notification-settings', ctx.locale),
    })
  }

  async store(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const payload = await this.validate(ctx)
    await createCompanyRule('notification_settings', companyId, {
      ...this.columns(payload),
      locale: ctx.locale,
    })
    ctx.session.flash('success', ctx.i18n.t('alerts.rules.created'))
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const rule = await findCompanyRule('notification_settings', companyId, ctx.params.id)
    const payload = await this.validate(ctx)
    await updateCompanyRule('notification_settings', companyId, rule.id, {
      ...this.columns(payload),
      locale: ctx.locale,
    })
    ctx.session.flash('success', ctx.i18n.t('alerts.rules.updated'))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const rule = await findCompanyRule('notification_settings', companyId, ctx.params.id)
    await deleteCompanyRule('notification_settings', companyId, rule.id)
    ctx.session.flash('success', ctx.i18n.t('alerts.rules.deleted'))
    return ctx.response.redirect().back()
  }

  private validate(ctx: HttpContext) {
    return ctx.request.validateUsing(notificationSettingValidator, {
      meta: { companyId: ctx.company!.id },
      messagesProvider: new AlertsMessagesProvider(ctx.i18n),
    })
  }

  private columns(payload: Awaited<ReturnType<typeof notificationSettingValidator.validate>>) {
    return {
      name: payload.name,
      device_id: payload.device_id ?? null,
      alarm_codes: payload.alarm_codes,
      schedule: payload.schedule,
      channels: payload.channels,
      emails: [...new Set((payload.emails ?? []).map((email) => email.toLowerCase()))],
      phones: [...new Set(payload.phones ?? [])],
      quiet_minutes: payload.quiet_minutes,
      timezone: payload.timezone,
      active: payload.active ?? true,
    }
  }
}
