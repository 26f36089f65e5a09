import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { currentMembership, membershipsOf } from '#services/tenancy'
import type Company from '#models/company'
import type TeamMember from '#models/team_member'

/**
 * Checks the session silently and, for a signed-in user, resolves the company
 * they are working in. Controllers reach tenant data only through `ctx.company`.
 */
export default class CurrentCompanyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.check()
    const user = ctx.auth.user
    if (user) {
      ctx.memberships = await membershipsOf(user)
      const membership = currentMembership(user, ctx.memberships)
      if (membership) {
        ctx.membership = membership
        ctx.company = membership.company
      }
    }
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    company?: Company
    membership?: TeamMember
    /** Every company the signed-in user belongs to (the company switcher lists them). */
    memberships?: TeamMember[]
  }
}
