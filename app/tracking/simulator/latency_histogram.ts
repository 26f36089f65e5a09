/**
 * Latencies in log-spaced buckets (2 % wide, 0.01 ms .. 10 min): constant memory however many
 * samples, percentiles within 1 %.
 */
const MIN_MS = 0.01
const GROWTH = 1.02
const LOG_GROWTH = Math.log(GROWTH)
const BUCKETS = Math.ceil(Math.log(600_000 / MIN_MS) / LOG_GROWTH) + 1

export interface LatencySummary {
  count: number
  p50: number
  p99: number
  max: number
  mean: number
}

export class LatencyHistogram {
  private counts = new Float64Array(BUCKETS)
  private total = 0
  private sum = 0
  private highest = 0

  record(milliseconds: number): void {
    const value = Math.max(MIN_MS, milliseconds)
    const index = Math.min(BUCKETS - 1, Math.floor(Math.log(value / MIN_MS) / LOG_GROWTH))
    this.counts[index]++
    this.total++
    this.sum += milliseconds
    if (milliseconds > this.highest) this.highest = milliseconds
  }

  get count(): number {
    return this.total
  }

  /** The latency under which `fraction` (0..1) of the samples fall; 0 without samples. */
  percentile(fraction: number): number {
    if (this.total === 0) return 0
    const rank = Math.max(1, Math.ceil(fraction * this.total))
    let seen = 0
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]
      if (seen >= rank) return Math.min(this.highest, MIN_MS * GROWTH ** (i + 0.5))
    }
    return this.highest
  }

  summary(): LatencySummary {
    return {
      count: this.total,
      p50: this.percentile(0.5),
      p99: this.percentile(0.99),
      max: this.highest,
      mean: this.total ? this.sum / this.total : 0,
    }
  }

  reset(): void {
    this.counts.fill(0)
    this.total = 0
    this.sum = 0
    this.highest = 0
  }
}
