import type { HttpContext } from '@adonisjs/core/http'
import pushConfig from '#config/push'
import {
  notificationRules,
  pushEndpointsOf,
  pushRules,
  type AlertRuleTable,
} from '#queries/alerts/alert_rules'
import { companyVehiclesAndGroups } from '#queries/alerts/geofences'
import { requestDeviceGroups } from '#abilities/request_vehicle_scope'
import {
  notificationSettingValidator,
  pushSettingValidator,
} from '#validators/alerts/alerts_validators'
import { AlertsMessagesProvider } from '#services/notifications/alerts_messages'
import { notificationSettingForPage } from '#transformers/alerts/notification_setting_transformer'
import { pushSettingForPage } from '#transformers/alerts/push_setting_transformer'
import { alarmCodeChoices } from '#shared/alarm_code_list'
import { pathFor } from '#shared/route_table'
import { timezoneOf } from '#services/live/user_preferences'

/**
 * One channel of alert rules: notification rules (spec §3: which alarms of which vehicles
 * reach whom, in-app, by e-mail or SMS, at once or as a digest) and push rules (which alarms
 * are pushed to the company's subscribed browsers). `AlertRulesController` serves each.
 */
export interface AlertRuleChannel {
  /** The page's route name (its EN and TR paths). */
  route: 'settings.notification-settings' | 'settings.push-notification-settings'
  table: AlertRuleTable
  /** The flash messages' keys: `<messages>.created`, `.updated`, `.deleted`. */
  messages: string
  render(ctx: HttpContext, companyId: number): Promise<unknown>
  /** The validated form as the rule's columns. */
  columns(ctx: HttpContext): Promise<Record<string, unknown>>
}

const validation = (ctx: HttpContext) => ({
  meta: { companyId: ctx.company!.id },
  messagesProvider: new AlertsMessagesProvider(ctx.i18n),
})

const notifications: AlertRuleChannel = {
  route: 'settings.notification-settings',
  table: 'notification_settings',
  messages: 'alerts.rules',
  async render(ctx, companyId) {
    const rules = await notificationRules(companyId)
    const { devices } = await companyVehiclesAndGroups(companyId, await requestDeviceGroups(ctx))
    return ctx.inertia.render('alerts/notification_settings', {
      rules: rules.map(notificationSettingForPage),
      devices,
      codeGroups: alarmCodeChoices(),
      defaultTimezone: timezoneOf(ctx.auth.user),
      canEdit: await ctx.bouncer.allows('administerCompany'),
      basePath: pathFor(this.route, ctx.locale),
    })
  },
  async columns(ctx) {
    const payload = await ctx.request.validateUsing(notificationSettingValidator, validation(ctx))
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
      locale: ctx.locale,
    }
  },
}

const push: AlertRuleChannel = {
  route: 'settings.push-notification-settings',
  table: 'push_notification_settings',
  messages: 'alerts.push',
  async render(ctx, companyId) {
    const [rules, choices, subscribedEndpoints] = await Promise.all([
      pushRules(companyId),
      companyVehiclesAndGroups(companyId, await requestDeviceGroups(ctx)),
      pushEndpointsOf(companyId, ctx.auth.user!.id),
    ])
    return ctx.inertia.render('alerts/push_settings', {
      rules: rules.map(pushSettingForPage),
      devices: choices.devices,
      codeGroups: alarmCodeChoices(),
      vapidPublicKey: pushConfig.keys.publicKey,
      subscribedEndpoints,
      canEdit: await ctx.bouncer.allows('administerCompany'),
      basePath: pathFor(this.route, ctx.locale),
    })
  },
  async columns(ctx) {
    const payload = await ctx.request.validateUsing(pushSettingValidator, validation(ctx))
    return {
      device_id: payload.device_id ?? null,
      alarm_codes: payload.alarm_codes,
    }
  },
}

export const alertRuleChannels = [notifications, push]

/** The channel whose page the route belongs to (`settings.push-notification-settings.put.id`...). */
export function alertRuleChannelOfRoute(routeName: string | undefined) {
  const name = (routeName ?? '').replace(/^tr\./, '')
  const channel = alertRuleChannels.find(
    (candidate) => name === candidate.route || name.startsWith(`${candidate.route}.`)
  )
  if (!channel) throw new Error(`No alert rule channel for route ${routeName}`)
  return channel
}
