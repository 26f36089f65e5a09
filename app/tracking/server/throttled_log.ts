import type { Logger } from '@adonisjs/core/logger'

/**
 * Warnings that a client (or an outage) can trigger by the thousand: the first of each
 * key is logged, the repeats within `intervalMs` are counted and reported with the next
 * line of that key. One hostile client, or a database outage with every device
 * reconnecting, writes a few lines, not thousands.
 */
export class ThrottledLog {
  private readonly keys = new Map<string, { until: number; suppressed: number }>()

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = 10_000,
    private readonly maxKeys = 10_000
  ) {}

  warn(key: string, data: Record<string, unknown>, message: string) {
    const now = Date.now()
    const entry = this.keys.get(key)
    if (entry && now < entry.until) {
      entry.suppressed++
      return false
    }
    if (entry) this.keys.delete(key)
    else if (this.keys.size >= this.maxKeys) this.keys.delete(this.keys.keys().next().value!)
    this.keys.set(key, { until: now + this.intervalMs, suppressed: 0 })
    this.logger.warn(entry?.suppressed ? { ...data, suppressed: entry.suppressed } : data, message)
    return true
  }
}
