import * as abilities from '#abilities/main'
import type { Member } from '#abilities/main'
import { policies } from '#generated/policies'
import { memberOf } from '#abilities/member'
import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * The request's bouncer. Who asks is the member of the current company with the company's
 * settings for them (app/abilities/main.ts), not the bare user: roles, hidden menus and the
 * HR right are per company.
 */
export default class InitializeBouncerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const member = await memberOf(ctx)
    ctx.bouncer = new Bouncer<Member, typeof abilities, typeof policies>(
      member,
      abilities,
      policies
    ).setContainerResolver(ctx.containerResolver)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<Member, typeof abilities, typeof policies>
  }
}
