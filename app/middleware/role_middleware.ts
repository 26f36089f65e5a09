import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { TeamRole } from '#enums/team_role'
import { answerRefusal, hasRole } from '#policies/role_policy'

/** Refuses users whose role is below `minimum` in the current company (see answerRefusal). */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { minimum: TeamRole }) {
    // Anonymous visitors are left to the auth guard that follows, which sends them to login.
    if (!ctx.auth.user || hasRole(ctx, options.minimum)) return next()
    return answerRefusal(ctx)
  }
}
