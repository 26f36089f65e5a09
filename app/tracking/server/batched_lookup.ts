interface Waiter<V> {
  resolve(value: V): void
  reject(error: unknown): void
}

/**
 * Look-ups of one kind asked for in the same turn of the event loop go to the database as one
 * query (`= ANY($1)`), at most `maxKeys` keys each: when thousands of trackers log in at once
 * (a listener restart, a network coming back) they cost a few queries, not thousands that
 * queue for the pool while the devices' handshake time runs out.
 */
export class BatchedLookup<K, V> {
  private pending = new Map<K, Waiter<V>[]>()
  private scheduled = false

  constructor(
    /** The found values by key; a key it does not return gets `missing(key)`. */
    private readonly query: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: (key: K) => V,
    private readonly maxKeys = 1000
  ) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiters = this.pending.get(key)
      if (waiters) waiters.push({ resolve, reject })
      else this.pending.set(key, [{ resolve, reject }])
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush() {
    this.scheduled = false
    const batch = this.pending
    this.pending = new Map()
    const keys = [...batch.keys()]
    for (let start = 0; start < keys.length; start += this.maxKeys) {
      const chunk = keys.slice(start, start + this.maxKeys)
      this.query(chunk).then(
        (found) => {
          for (const key of chunk) {
            const value = found.has(key) ? found.get(key)! : this.missing(key)
            for (const waiter of batch.get(key)!) waiter.resolve(value)
          }
        },
        (error) => {
          for (const key of chunk) for (const waiter of batch.get(key)!) waiter.reject(error)
        }
      )
    }
  }
}
