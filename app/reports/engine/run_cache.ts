/**
 * Identical report requests answered once (docs/request-limits.md, "Identical report
 * requests"): a report's screen (one page of rows, the count, totals and chart) for the same
 * company, vehicle groups, time zone, language, parameters, resolved period, page and sort is
 * kept for a few seconds, and a request asking while the same one is being computed waits
 * for it instead of running the same queries again. Twenty users opening the whole fleet's
 * month run its aggregate once, not twenty times; the figures are at most `ttlMs` old.
 *
 * A computation that fails is not kept, and whoever joined it computes on its own (the
 * first request may have been cancelled because its client went away, which says nothing
 * about the others). Entries are few and small (a page is at most 500 rows): at most
 * `maxEntries`, the oldest dropped first.
 */
export class ReportRunCache<Value> {
  private readonly entries = new Map<string, { at: number; value: Promise<Value> }>()

  constructor(
    private readonly options: {
      ttlMs: number
      maxEntries: number
      now?: () => number
    }
  ) {}

  get enabled() {
    return this.options.ttlMs > 0
  }

  /**
   * The value of `key`: kept, being computed, or computed now by `compute`. `hit` says
   * whether it came from an earlier request.
   */
  async get(key: string, compute: () => Promise<Value>): Promise<{ value: Value; hit: boolean }> {
    if (!this.enabled) return { value: await compute(), hit: false }
    const now = this.options.now?.() ?? Date.now()
    const kept = this.entries.get(key)
    if (kept && now - kept.at < this.options.ttlMs) {
      try {
        return { value: await kept.value, hit: true }
      } catch {
        // The first asker's run failed (or was cancelled): compute on our own.
        return { value: await compute(), hit: false }
      }
    }
    const value = compute()
    this.entries.delete(key)
    this.entries.set(key, { at: now, value })
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!)
    }
    return { value: await value, hit: false }
  }

  clear() {
    this.entries.clear()
  }
}
