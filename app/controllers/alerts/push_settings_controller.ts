import type { HttpContext } from '@adonisjs/core/http'
import { requestDeviceGroups } from '#abilities/request_vehicle_scope'
import app from '@adonisjs/core/services/app'
import { findCompanyRule, pushEndpointsOf, pushRules } from '#queries/alerts/alert_rules'
import {
  createCompanyRule,
  deleteCompanyRule,
  updateCompanyRule,
} from '#actions/alerts/alert_rules'
import { subscribeBrowser, unsubscribeBrowser } from '#actions/alerts/push_subscriptions'
import {
  pushEndpointValidator,
  pushSettingValidator,
  pushSubscriptionValidator,
} from '#validators/alerts/alerts_validators'
import { AlertsMessagesProvider } from '#services/notifications/alerts_messages'
import { companyVehiclesAndGroups } from '#queries/alerts/geofences'
import { pushSettingForPage } from '#transformers/alerts/notification_setting_transformer'
import { alarmCodeChoices } from '#shared/alarm_code_list'
import { pathFor } from '#shared/route_table'
import pushConfig from '#config/push'

/**
 * Push notification settings (spec §3: device and alarm codes) and this browser's
 * subscription. Each member subscribes their own browsers; admins and owners choose which
 * alarms are pushed to the company's subscribed browsers.
 */
export default class PushSettingsController {
  async index(ctx: HttpContext) {
    const companyId = ctx.company!.id
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
      basePath: pathFor('settings.push-notification-settings', ctx.locale),
    })
  }

  async store(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const payload = await this.validate(ctx)
    await createCompanyRule('push_notification_settings', ctx.company!.id, {
      device_id: payload.device_id ?? null,
      alarm_codes: payload.alarm_codes,
    })
    ctx.session.flash('success', ctx.i18n.t('alerts.push.created'))
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const rule = await findCompanyRule('push_notification_settings', companyId, ctx.params.id)
    const payload = await this.validate(ctx)
    await updateCompanyRule('push_notification_settings', companyId, rule.id, {
      device_id: payload.device_id ?? null,
      alarm_codes: payload.alarm_codes,
    })
    ctx.session.flash('success', ctx.i18n.t('alerts.push.updated'))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const rule = await findCompanyRule('push_notification_settings', companyId, ctx.params.id)
    await deleteCompanyRule('push_notification_settings', companyId, rule.id)
    ctx.session.flash('success', ctx.i18n.t('alerts.push.deleted'))
    return ctx.response.redirect().back()
  }

  /** This browser's subscription (JSON, from the page's script after the permission prompt). */
  async subscribe(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(pushSubscriptionValidator, {
      messagesProvider: new AlertsMessagesProvider(ctx.i18n),
    })
    // Browsers' push services are public HTTPS endpoints; anything else would make the
    // server post to an address of the member's choosing (tests use a local HTTP one).
    if (!app.inTest && !payload.endpoint.startsWith('https://')) {
      return ctx.response.unprocessableEntity({
        errors: [{ field: 'endpoint', message: ctx.i18n.t('alerts.validation.endpoint') }],
      })
    }
    await subscribeBrowser({
      endpoint: payload.endpoint,
      companyId: ctx.company!.id,
      userId: ctx.auth.user!.id,
      p256dh: payload.keys.p256dh,
      auth: payload.keys.auth,
      userAgent: (ctx.request.header('user-agent') ?? '').slice(0, 300),
    })
    return ctx.response.json({ subscribed: true, message: ctx.i18n.t('alerts.push.subscribed') })
  }

  async unsubscribe(ctx: HttpContext) {
    const { endpoint } = await ctx.request.validateUsing(pushEndpointValidator)
    await unsubscribeBrowser(ctx.auth.user!.id, endpoint)
    return ctx.response.json({ subscribed: false, message: ctx.i18n.t('alerts.push.unsubscribed') })
  }

  private validate(ctx: HttpContext) {
    return ctx.request.validateUsing(pushSettingValidator, {
      meta: { companyId: ctx.company!.id },
      messagesProvider: new AlertsMessagesProvider(ctx.i18n),
    })
  }
}
