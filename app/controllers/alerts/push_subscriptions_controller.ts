import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import { subscribeBrowser, unsubscribeBrowser } from '#actions/alerts/push_subscriptions'
import {
  pushEndpointValidator,
  pushSubscriptionValidator,
} from '#validators/alerts/alerts_validators'
import { AlertsMessagesProvider } from '#services/notifications/alerts_messages'

/**
 * This browser's push subscription (JSON, from the push settings page's script after the
 * permission prompt). Each member subscribes their own browsers.
 */
export default class PushSubscriptionsController {
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
}
