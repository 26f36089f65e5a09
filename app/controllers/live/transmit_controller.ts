import type { HttpContext } from '@adonisjs/core/http'
import transmit from '@adonisjs/transmit/services/main'
import { appKey } from '#config/app'
import { isClientStreamUid, serverStreamUid } from '#services/live/stream_identity'

/**
 * Transmit's three routes, with the stream bound to the session: the uid Transmit
 * keys streams and subscriptions by comes from the server (see stream_identity.ts).
 * Subscribing and unsubscribing are POSTs under the CSRF check like every form;
 * channel access is authorized in start/transmit.ts.
 */
export default class TransmitController {
  async events(ctx: HttpContext) {
    const uid = this.uid(ctx)
    if (!uid) return ctx.response.badRequest()
    const stream = transmit.createStream({
      uid,
      context: ctx,
      request: ctx.request.request,
      response: ctx.response.response,
      injectResponseHeaders: ctx.response.getHeaders(),
    })
    return ctx.response.stream(stream)
  }

  async subscribe(ctx: HttpContext) {
    const uid = this.uid(ctx)
    const channel = ctx.request.input('channel')
    if (!uid || typeof channel !== 'string') return ctx.response.badRequest()
    const subscribed = await transmit.subscribe({ uid, channel, context: ctx })
    return subscribed ? ctx.response.noContent() : ctx.response.badRequest()
  }

  async unsubscribe(ctx: HttpContext) {
    const uid = this.uid(ctx)
    const channel = ctx.request.input('channel')
    if (!uid || typeof channel !== 'string') return ctx.response.badRequest()
    await transmit.unsubscribe({ uid, channel, context: ctx })
    return ctx.response.noContent()
  }

  private uid(ctx: HttpContext): string | null {
    const clientUid = ctx.request.input('uid')
    if (!isClientStreamUid(clientUid)) return null
    return serverStreamUid(appKey.release(), ctx.session.sessionId, clientUid)
  }
}
