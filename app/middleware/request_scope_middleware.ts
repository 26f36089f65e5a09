import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import db from '@adonisjs/lucid/services/db'
import { requestLimits } from '#config/database'
import {
  backendCanceller,
  installRequestScopes,
  RequestScope,
  scopeOfRequest,
  type PooledClient,
} from '#services/db/request_scope'

/**
 * Each request holds at most `DB_REQUEST_CONNECTIONS` connections of the pool at once, and
 * its queries are cancelled when its client goes away before the answer is written (a closed
 * tab, a cancelled download): see app/services/db/request_scope.ts.
 */
export default class RequestScopeMiddleware {
  #cancel: ((processIds: number[]) => Promise<void>) | null = null

  #setUp() {
    if (this.#cancel) return this.#cancel
    const connection = db.connection()
    const write = connection.getWriteClient().client as PooledClient & {
      connectionSettings: Record<string, unknown>
    }
    const read = connection.getReadClient().client as PooledClient
    installRequestScopes([...new Set([write, read])])
    this.#cancel = backendCanceller(write.connectionSettings)
    return this.#cancel
  }

  handle(ctx: HttpContext, next: NextFn) {
    const cancel = this.#setUp()
    const scope = new RequestScope(
      requestLimits.connectionsPerRequest,
      requestLimits.statementTimeoutMs || 30_000,
      cancel
    )
    scopeOfRequest(ctx, scope)
    const response = ctx.response.response
    response.once('close', () => {
      if (response.writableFinished) return
      scope.abort().catch((error) => ctx.logger.warn({ err: error }, 'query cancel failed'))
    })
    return next()
  }
}
