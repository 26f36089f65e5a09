import type { HttpContext } from '@adonisjs/core/http'
import { pathFor } from '#shared/route_table'

/**
 * The answer to a request the policy layer refused (app/abilities/main.ts), whoever refuses:
 * - a page visit (GET) goes to the "unauthorized" page;
 * - a request from one of our pages (Inertia, or a form with a page to go back to) goes
 *   back there with the message flashed;
 * - anything else (API calls, requests asking for JSON) gets 403 `{ error }`.
 */
export function answerRefusal(ctx: HttpContext, message = 'messages.unauthorized') {
  const { request, response } = ctx
  const wantsJson = request.accepts(['html', 'json']) === 'json' && !request.header('x-inertia')
  if (wantsJson) return response.forbidden({ error: ctx.i18n.t(message) })
  if (request.method() === 'GET' || request.method() === 'HEAD') {
    return response.redirect(pathFor('backend.unauthorized', ctx.locale))
  }
  if (request.header('x-inertia') || request.header('referer')) {
    ctx.session.flash('error', ctx.i18n.t(message))
    return response.redirect().back()
  }
  return response.forbidden({ error: ctx.i18n.t(message) })
}
