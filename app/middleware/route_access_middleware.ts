import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { openRoute } from '#abilities/main'
import { routeDecisionOf } from '#abilities/route_access'

/**
 * Every route a member reaches is asked of the policy layer by its name (openRoute): its
 * menu must not be hidden and its ability must allow, whatever the path looks like (page,
 * /data, /export, report export, file). Visitors are left to the auth guard that follows.
 */
export default class RouteAccessMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const name = ctx.route?.name
    if (!ctx.auth.user || !ctx.company || !name) return next()
    if (routeDecisionOf(name)?.open) return next()
    await ctx.bouncer.authorize(openRoute, name)
    return next()
  }
}
