import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { matchPath } from '#shared/route_table'
import { menuOfRoute } from '#shared/menu_permissions'
import { answerRefusal } from '#policies/role_policy'
import { hiddenMenusFor } from '#services/menu_permissions'

/**
 * Menus hidden by the company (menu permissions) are refused on the server too: a page of a
 * hidden menu answers /backend/unauthorized, whoever asks and however they got the address.
 */
export default class MenuPermissionMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!ctx.auth.user || !ctx.company) return next()
    const hidden = await hiddenMenusFor(ctx)
    if (hidden.length === 0) return next()
    const matched = matchPath(ctx.request.url())
    const menu = matched ? menuOfRoute(matched.name) : null
    if (menu && hidden.includes(menu)) return answerRefusal(ctx)
    return next()
  }
}
