import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { pathFor } from '#shared/route_table'

/** For pages meant for anonymous visitors only (sign-up): a signed-in user goes to the dashboard. */
export default class GuestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.check()) {
      return ctx.response.redirect(pathFor('backend', ctx.locale))
    }
    return next()
  }
}
