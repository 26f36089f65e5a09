import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { INTENDED_PATH_KEY } from '#middleware/auth_middleware'
import { localPathOr } from '#services/local_path'
import { homePathOf } from '#services/account/home_page'

/**
 * For pages meant for anonymous visitors only (sign-up, login): a signed-in user goes to
 * the page they were sent away from (kept by the auth middleware), else to their home page (user settings).
 */
export default class GuestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.check()) {
      const intended = ctx.session.pull(INTENDED_PATH_KEY)
      return ctx.response.redirect(
        localPathOr(intended, homePathOf(ctx.auth.user!, ctx.request.url()))
      )
    }
    return next()
  }
}
