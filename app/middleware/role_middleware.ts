import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { TeamRole } from '#enums/team_role'
import { hasRole } from '#policies/role_policy'
import { pathFor } from '#shared/route_table'

/** Sends users whose role is below `minimum` in the current company to /backend/unauthorized. */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { minimum: TeamRole }) {
    // Anonymous visitors are left to the auth guard that follows, which sends them to login.
    if (!ctx.auth.user || hasRole(ctx, options.minimum)) return next()
    if (ctx.request.method() !== 'GET' && !ctx.request.header('x-inertia')) {
      return ctx.response.forbidden({ error: ctx.i18n.t('messages.unauthorized') })
    }
    return ctx.response.redirect(pathFor('backend.unauthorized', ctx.locale))
  }
}
