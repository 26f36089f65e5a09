import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import { HttpContext } from '@adonisjs/core/http'

/**
 * What one request may take of the database (docs/request-limits.md): at most `share`
 * connections of the pool at once (a request that asks for more waits for its own to come
 * back), and, when the client goes away, every query it is running is cancelled
 * (pg_cancel_backend on the connections it holds) and it gets no new connection.
 *
 * Works below Lucid, at knex's pool: each connection taken from the pool is counted against
 * the request that asked for it, found through the request's HttpContext (Adonis keeps it in
 * async local storage, also while a streamed response is written) or an explicit `run`.
 */
export class RequestScope {
  readonly #held = new Set<pg.Client>()
  readonly #waiting: (() => void)[] = []
  /** Places given to callers still waiting for the pool. */
  #reserved = 0
  #aborted = false

  constructor(
    readonly share: number,
    /** How long a request waits for one of its own connections before failing. */
    readonly waitMs: number,
    readonly cancel: (processIds: number[]) => Promise<void>
  ) {}

  get aborted() {
    return this.#aborted
  }

  get heldCount() {
    return this.#held.size
  }

  /** Runs `work` (and every query it makes) in this scope. */
  run<T>(work: () => T): T {
    return storage.run(this, work)
  }

  async reserve() {
    if (this.#aborted) throw new RequestGoneError()
    if (this.#held.size + this.#reserved < this.share) {
      this.#reserved++
      return
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(wake), 1)
        reject(new Error(`A request waited ${this.waitMs} ms for one of its own connections`))
      }, this.waitMs)
      const wake = () => {
        clearTimeout(timer)
        if (this.#aborted) reject(new RequestGoneError())
        else resolve()
      }
      this.#waiting.push(wake)
    })
    this.#reserved++
  }

  taken(connection: pg.Client) {
    this.#reserved--
    this.#held.add(connection)
  }

  /** A reservation that got no connection (the pool failed): give the place back. */
  unreserve() {
    this.#reserved--
    this.#wakeOne()
  }

  returned(connection: pg.Client) {
    if (this.#held.delete(connection)) this.#wakeOne()
  }

  #wakeOne() {
    this.#waiting.shift()?.()
  }

  /** The client went away: cancel what runs, refuse what comes. */
  async abort() {
    if (this.#aborted) return
    this.#aborted = true
    for (const wake of this.#waiting.splice(0)) wake()
    // pg keeps the server process id of each connection (not in its types).
    const processIds = [...this.#held]
      .map((client) => (client as pg.Client & { processID?: number }).processID)
      .filter(Boolean)
    if (processIds.length > 0) await this.cancel(processIds as number[])
  }
}

/** Raised to a request whose client has gone away when it asks for a connection. */
export class RequestGoneError extends Error {
  constructor() {
    super('The client closed the request')
  }
}

const storage = new AsyncLocalStorage<RequestScope>()
const scopes = new WeakMap<HttpContext, RequestScope>()

export function scopeOfRequest(ctx: HttpContext, scope: RequestScope) {
  scopes.set(ctx, scope)
}

function currentScope(): RequestScope | undefined {
  const own = storage.getStore()
  if (own) return own
  const ctx = HttpContext.get()
  return ctx ? scopes.get(ctx) : undefined
}

const scopeOfConnection = new WeakMap<object, RequestScope>()

export interface PooledClient {
  acquireConnection(): Promise<pg.Client>
  releaseConnection(connection: pg.Client): Promise<void>
}

const patched = new WeakSet<object>()

/**
 * Counts every connection these knex clients (the app's pools) take against the request that
 * asked for it. A transaction takes its connection through them once; its queries reuse it.
 */
export function installRequestScopes(clients: PooledClient[]) {
  for (const client of clients) {
    if (patched.has(client)) continue
    patched.add(client)
    const acquire = client.acquireConnection.bind(client)
    const release = client.releaseConnection.bind(client)
    client.acquireConnection = async () => {
      const scope = currentScope()
      if (!scope) return acquire()
      await scope.reserve()
      let connection: pg.Client
      try {
        connection = await acquire()
      } catch (error) {
        scope.unreserve()
        throw error
      }
      scope.taken(connection)
      if (scope.aborted) {
        scope.returned(connection)
        await release(connection)
        throw new RequestGoneError()
      }
      scopeOfConnection.set(connection, scope)
      return connection
    }
    client.releaseConnection = (connection: pg.Client) => {
      const scope = scopeOfConnection.get(connection)
      scopeOfConnection.delete(connection)
      const released = release(connection)
      scope?.returned(connection)
      return released
    }
  }
}

/**
 * Cancels the queries of these server processes over a connection of its own (the pool may
 * be full of the very queries to cancel).
 */
export function backendCanceller(connection: pg.ClientConfig) {
  return async (processIds: number[]) => {
    const client = new pg.Client({ ...connection, statement_timeout: 5000 })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [
        processIds,
      ])
    } finally {
      await client.end().catch(() => {})
    }
  }
}
