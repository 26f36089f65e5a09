/**
 * At most `limit` heavy requests (report pages, their exports and maps) of one signed-in user
 * run at once; the next ones wait in arrival order, at most `waitMs`, for one of that user's
 * places (docs/request-limits.md, "One user's share"). Each request already holds at most
 * DB_REQUEST_CONNECTIONS connections; this bounds what one user's tabs, scripts or repeated
 * clicks take together, so a single user cannot take the pool and the database's CPU from
 * everyone else. Other users never wait for this user's places.
 */
export class UserGate {
  readonly #users = new Map<string, { running: number; waiting: (() => void)[] }>()

  constructor(
    readonly limit: number,
    readonly waitMs: number
  ) {}

  /** How many of `key`'s requests run now and wait now (tests, logs). */
  stateOf(key: string) {
    const user = this.#users.get(key)
    return { running: user?.running ?? 0, waiting: user?.waiting.length ?? 0 }
  }

  /**
   * A place for one of `key`'s requests: resolves with its release (call it once, when the
   * answer is complete or abandoned), or rejects with UserGateTimeoutError after `waitMs`.
   */
  async enter(key: string): Promise<() => void> {
    let user = this.#users.get(key)
    if (!user) {
      user = { running: 0, waiting: [] }
      this.#users.set(key, user)
    }
    const own = user
    if (own.running < this.limit && own.waiting.length === 0) {
      own.running++
    } else {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          own.waiting.splice(own.waiting.indexOf(wake), 1)
          this.#forget(key, own)
          reject(new UserGateTimeoutError(this.waitMs))
        }, this.waitMs)
        own.waiting.push(wake)
      })
      // The place was handed over by a release (running stays counted).
    }
    let released = false
    return () => {
      if (released) return
      released = true
      const next = own.waiting.shift()
      if (next) next()
      else {
        own.running--
        this.#forget(key, own)
      }
    }
  }

  #forget(key: string, user: { running: number; waiting: unknown[] }) {
    if (user.running === 0 && user.waiting.length === 0 && this.#users.get(key) === user) {
      this.#users.delete(key)
    }
  }
}

export class UserGateTimeoutError extends Error {
  constructor(readonly waitMs: number) {
    super(`A request waited ${waitMs} ms for a place among its user's requests`)
  }
}
