import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
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
    const [rules, choices, subscriptions] = await Promise.all([
      db.from('push_notification_settings').where('company_id', companyId).orderBy('id'),
      companyVehiclesAndGroups(companyId),
      db
        .from('push_subscriptions')
        .where({ company_id: companyId, user_id: ctx.auth.user!.id })
        .select('endpoint'),
    ])
    return ctx.inertia.render('alerts/push_settings', {
      rules: rules.map(pushSettingForPage),
      devices: choices.devices,
      codeGroups: alarmCodeChoices(),
      vapidPublicKey: pushConfig.keys.publicKey,
      subscribedEndpoints: subscriptions.map((row) => row.endpoint as string),
      canEdit: await ctx.bouncer.allows('administerCompany'),
      basePath: pathFor('settings.push-notification-settings', ctx.locale),
    })
  }

  async store(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const payload = await this.validate(ctx)
    await db.table('push_notification_settings').insert({
      company_id: ctx.company!.id,
      device_id: payload.device_id ?? null,
      alarm_codes: payload.alarm_codes,
      created_at: new Date(),
    })
    ctx.session.flash('success', ctx.i18n.t('alerts.push.created'))
    return ctx.response.redirect().back()
  }

  async update(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const rule = await db
      .from('push_notification_settings')
      .where({ id: Number(ctx.params.id), company_id: companyId })
      .firstOrFail()
    const payload = await this.validate(ctx)
    await db
      .from('push_notification_settings')
      .where({ id: rule.id, company_id: companyId })
      .update({
        device_id: payload.device_id ?? null,
        alarm_codes: payload.alarm_codes,
        updated_at: new Date(),
      })
    ctx.session.flash('success', ctx.i18n.t('alerts.push.updated'))
    return ctx.response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.authorize('administerCompany')
    const companyId = ctx.company!.id
    const rule = await db
      .from('push_notification_settings')
      .where({ id: Number(ctx.params.id), company_id: companyId })
      .firstOrFail()
    await db
      .from('push_notification_settings')
      .where({ id: rule.id, company_id: companyId })
      .delete()
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
    const values = {
      company_id: ctx.company!.id,
      user_id: ctx.auth.user!.id,
      p256dh: payload.keys.p256dh,
      auth: payload.keys.auth,
      user_agent: (ctx.request.header('user-agent') ?? '').slice(0, 300),
    }
    // One row per browser (endpoint): subscribing again moves it to this user and company.
    await db.rawQuery(
      `INSERT INTO push_subscriptions (endpoint, company_id, user_id, p256dh, auth, user_agent, created_at)
       VALUES (?, ?, ?, ?, ?, ?, now())
       ON CONFLICT (endpoint) DO UPDATE SET company_id = EXCLUDED.company_id,
         user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
         user_agent = EXCLUDED.user_agent`,
      [
        payload.endpoint,
        values.company_id,
        values.user_id,
        values.p256dh,
        values.auth,
        values.user_agent,
      ]
    )
    return ctx.response.json({ subscribed: true, message: ctx.i18n.t('alerts.push.subscribed') })
  }

  async unsubscribe(ctx: HttpContext) {
    const { endpoint } = await ctx.request.validateUsing(pushEndpointValidator)
    await db.from('push_subscriptions').where({ endpoint, user_id: ctx.auth.user!.id }).delete()
    return ctx.response.json({ subscribed: false, message: ctx.i18n.t('alerts.push.unsubscribed') })
  }

  private validate(ctx: HttpContext) {
    return ctx.request.validateUsing(pushSettingValidator, {
      meta: { companyId: ctx.company!.id },
      messagesProvider: new AlertsMessagesProvider(ctx.i18n),
    })
  }
}
