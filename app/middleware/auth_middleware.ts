import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { pathFor } from '#shared/route_table'

export const INTENDED_PATH_KEY = 'intended_path'

/**
 * Lets signed-in users through. An anonymous visitor is sent to the login
 * page of their language, and the path they wanted is kept in the session so
 * that signing in brings them back to it.
 */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.check()) return next()

    if (ctx.request.method() === 'GET') {
      ctx.session.put(INTENDED_PATH_KEY, ctx.request.url(true))
    }
    const loginPath = pathFor('login', ctx.locale)
    if (ctx.request.accepts(['html', 'json']) === 'json' && !ctx.request.header('x-inertia')) {
      return ctx.response.unauthorized({ error: ctx.i18n.t('common.errors.unauthenticated') })
    }
    return ctx.response.redirect(loginPath)
  }
}
