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
 * about the others). At most `maxEntries` are kept, the oldest dropped first, and an entry
 * past `ttlMs` is dropped (on the next request, or by a timer once requests stop) instead of
 * staying until `maxEntries` newer ones come: a screen of 500 rows can be a MiB, a row set of
 * an export several.
 */
export class ReportRunCache<Value> {
  /** In the order they were computed (a recomputed key moves to the end). */
  private readonly entries = new Map<string, { at: number; value: Promise<Value> }>()
  private sweeper: NodeJS.Timeout | null = null

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
    const now = this.now()
    this.sweep(now)
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
    this.sweeper ??= setTimeout(() => this.sweepLater(), this.options.ttlMs).unref()
    return { value: await value, hit: false }
  }

  /** How many entries are kept now (tests). */
  get size() {
    return this.entries.size
  }

  clear() {
    this.entries.clear()
  }

  private now() {
    return this.options.now?.() ?? Date.now()
  }

  /** Drops the entries past their time, from the oldest on. */
  private sweep(now: number) {
    for (const [key, entry] of this.entries) {
      if (now - entry.at < this.options.ttlMs) break
      this.entries.delete(key)
    }
  }

  /** Once requests stop, the last entries go when their time is up. */
  private sweepLater() {
    this.sweeper = null
    this.sweep(this.now())
    const oldest = this.entries.values().next().value
    if (!oldest) return
    const due = Math.max(1, oldest.at + this.options.ttlMs - this.now())
    this.sweeper = setTimeout(() => this.sweepLater(), due).unref()
  }
}

/** The most rows of one export kept for identical exports (about a row per kB). */
export const MAX_CACHED_ROWS = 5000

/**
 * Every row of a report run for its exports, through `cache` under `key`: twenty users
 * exporting the same month's CSV read, name the places of and normalize its rows once per
 * `ttlMs`, not twenty times (the trip summary's month: about 320 ms of web CPU each). Only
 * runs of at most MAX_CACHED_ROWS rows (`total`, known from the run's count) are kept, so the
 * cache holds at most `maxEntries` × MAX_CACHED_ROWS rows; larger ones, a disabled cache and
 * `shared: false` (a transaction's own data) stream from `produce` as before. Each asker gets
 * copies of the rows (the exporters may change them).
 */
export async function* cachedRows<Row extends Record<string, unknown>>(
  cache: ReportRunCache<Row[]>,
  key: string,
  run: { total: number; totalIsLowerBound?: boolean; shared: boolean },
  produce: () => AsyncIterable<Row>
): AsyncIterable<Row> {
  if (!run.shared || !cache.enabled || run.totalIsLowerBound || run.total > MAX_CACHED_ROWS) {
    yield* produce()
    return
  }
  const { value } = await cache.get(key, async () => {
    const rows: Row[] = []
    for await (const row of produce()) rows.push(row)
    return rows
  })
  for (const row of value) yield { ...row }
}
