/**
 * One value per company, in memory: `ready(companyId)` loads a company once and then answers
 * from memory until `ttlMs` has passed or the company is invalidated (a NOTIFY from the back
 * office). One load per company is in flight at a time. A company loaded before keeps its
 * stale value while the new one loads; only its first load is waited for. A failed load
 * leaves the company as it was, and the next `ready` tries again.
 */
export class CompanyCache<T> {
  private readonly loaded = new Map<number, { value: T; loadedAt: number }>()
  private readonly loading = new Map<number, Promise<void>>()
  private readonly load: (companyId: number) => Promise<T>
  private readonly missing: T
  private readonly ttlMs: number
  private readonly now: () => number

  constructor(options: {
    load: (companyId: number) => Promise<T>
    /** What `get` answers for a company not loaded (yet). */
    missing: T
    ttlMs: number
    now?: () => number
  }) {
    this.load = options.load
    this.missing = options.missing
    this.ttlMs = options.ttlMs
    this.now = options.now ?? Date.now
  }

  /** Null when the company's value is in memory and fresh (or stale and reloading). */
  ready(companyId: number): Promise<void> | null {
    const known = this.loaded.get(companyId)
    if (known && this.now() - known.loadedAt < this.ttlMs) return null
    let pending = this.loading.get(companyId)
    if (!pending) {
      pending = this.load(companyId)
        .then((value) => {
          this.loaded.set(companyId, { value, loadedAt: this.now() })
        })
        .finally(() => this.loading.delete(companyId))
      this.loading.set(companyId, pending)
    }
    if (known) {
      pending.catch(() => {})
      return null
    }
    return pending
  }

  get(companyId: number): T {
    const entry = this.loaded.get(companyId)
    return entry ? entry.value : this.missing
  }

  /** Forgets one company, or every company without an id (or with NaN, a bad NOTIFY payload). */
  invalidate(companyId?: number) {
    if (companyId === undefined || Number.isNaN(companyId)) this.loaded.clear()
    else this.loaded.delete(companyId)
  }
}
