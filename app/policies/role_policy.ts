import type { HttpContext } from '@adonisjs/core/http'
import { roleAtLeast, type TeamRole } from '#enums/team_role'

/** Whether the signed-in user's role in the current company is at least `minimum`. */
export function hasRole(ctx: HttpContext, minimum: TeamRole): boolean {
  return ctx.membership !== undefined && roleAtLeast(ctx.membership.role, minimum)
}
