import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { requestLimits } from '#config/database'
import { UserGate, UserGateTimeoutError } from '#services/db/user_gate'

let gate: UserGate | null = null

/** The process's gate (one per web process: each process bounds its own share). */
export function heavyRequestGate() {
  gate ??= new UserGate(
    Math.max(1, requestLimits.heavyRequestsPerUser),
    requestLimits.statementTimeoutMs || 30_000
  )
  return gate
}

/**
 * Heavy requests (a report page, its export and its map) of one signed-in user run at most
 * HEAVY_REQUESTS_PER_USER at once; the next wait in turn (app/services/db/user_gate.ts). The
 * place is held until the answer is written to the end (a streamed export included) or the
 * client goes away. A request that waits longer than the statement timeout answers 429.
 */
export default class HeavyRequestMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.user
    // Visitors are turned away by the auth guard that follows.
    if (!user) return next()
    let release: () => void
    try {
      release = await heavyRequestGate().enter(String(user.id))
    } catch (error) {
      if (!(error instanceof UserGateTimeoutError)) throw error
      return ctx.response.status(429).send(ctx.i18n.t('report_pages.errors.busy'))
    }
    const response = ctx.response.response
    if (response.closed) release()
    else response.once('close', release)
    return next()
  }
}
