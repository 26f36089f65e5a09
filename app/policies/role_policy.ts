import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import { roleAtLeast, type TeamRole } from '#enums/team_role'
import { pathFor } from '#shared/route_table'

/**
 * Authorization in one place: whether the signed-in member may act in the current company
 * (their role there is at least the one the action needs), and the one way a refusal is
 * answered. Records themselves are reached only through the current company (queries), so
 * another company's record is a 404 before any role is looked at.
 */

/** Whether the signed-in user's role in the current company is at least `minimum`. */
export function hasRole(ctx: HttpContext, minimum: TeamRole): boolean {
  return ctx.membership !== undefined && roleAtLeast(ctx.membership.role, minimum)
}

/**
 * Refuses the request unless the member's role is at least `minimum`.
 * `message` is the i18n key shown to them (a generic "no permission" by default).
 */
export function authorize(
  ctx: HttpContext,
  minimum: TeamRole,
  message = 'messages.unauthorized'
): void {
  if (!hasRole(ctx, minimum)) throw new AuthorizationException(message)
}

/**
 * The answer to a refused request, whoever refuses it:
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

/** Thrown by `authorize`; the exception handler answers it with `answerRefusal`. */
export class AuthorizationException extends Exception {
  static status = 403
  static code = 'E_AUTHORIZATION_FAILURE'

  constructor(readonly messageKey = 'messages.unauthorized') {
    super(messageKey, { status: 403, code: 'E_AUTHORIZATION_FAILURE' })
  }

  async handle(_error: this, ctx: HttpContext) {
    return answerRefusal(ctx, this.messageKey)
  }
}
