import type { DeviceFix } from './device_fix.js'
import type { FleetStats } from './fleet_stats.js'
import type { VehicleModel } from './vehicle_model.js'

export interface DeviceClientSettings {
  host: string
  port: number
  /** Source address (loopback 127.0.0.x: each gives another ~28,000 source ports). */
  localAddress?: string
  stats: FleetStats
  /** Simulated seconds between two periodic records. */
  intervalSeconds: number
  /** Wall milliseconds between two periodic records (interval / speedup). */
  periodMs: number
  /** Wall milliseconds before the first record (spreads a fleet over the period). */
  firstRecordMs: number
  /** Wall milliseconds before the first connection. */
  connectDelayMs: number
  /** Log in and stay connected without sending records. */
  idle: boolean
  /** Produce the next records as soon as the previous ones are acknowledged (benchmarks). */
  unpaced: boolean
  /** Records an unpaced device has buffered each time it sends: one per interval. */
  unpacedRecords: number
  ackTimeoutMs: number
  /** Time a device takes to carry out a command before it answers (wall milliseconds). */
  commandReplyMs: number
  backoffMinMs: number
  backoffMaxMs: number
  /** Records kept while the server does not acknowledge them; the oldest go first. */
  maxPendingRecords: number
}

/**
 * One simulated tracker: it writes records on its own schedule (or on demand when unpaced)
 * into a buffer, and a protocol-specific loop delivers them, removing each record only once
 * the server acknowledged it; records of a dropped connection are sent again after the
 * reconnection, like a real device does.
 */
export abstract class DeviceClient {
  protected pending: DeviceFix[] = []
  protected running = false
  private records = 0
  private startedAt = 0
  private recordTimer: NodeJS.Timeout | null = null
  private wake: (() => void) | null = null
  private wakeSleep: (() => void) | null = null
  private loop: Promise<void> | null = null

  constructor(
    readonly imei: string,
    readonly model: VehicleModel,
    protected readonly settings: DeviceClientSettings
  ) {}

  protected get stats(): FleetStats {
    return this.settings.stats
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.startedAt = performance.now()
    if (!this.settings.idle && !this.settings.unpaced) this.scheduleRecord()
    this.loop = this.sleep(this.settings.connectDelayMs).then(() => this.run())
  }

  async stop(): Promise<void> {
    this.running = false
    if (this.recordTimer) clearTimeout(this.recordTimer)
    this.wakeSleep?.()
    this.disconnect()
    this.signal()
    await this.loop
  }

  /** Delivers records until stopped. */
  protected abstract run(): Promise<void>

  /** Drops the connection, if any. */
  protected abstract disconnect(): void

  /** Called with each batch of new records. */
  protected onRecords(_records: DeviceFix[]): void {}

  /** True when there is a record to send (producing the next ones at once when unpaced). */
  protected hasRecords(): boolean {
    if (this.pending.length === 0 && this.settings.unpaced && !this.settings.idle) {
      for (let i = 0; i < this.settings.unpacedRecords; i++) this.produce()
    }
    return this.pending.length > 0
  }

  /** Removes acknowledged records from the buffer. */
  protected acknowledge(fixes: readonly DeviceFix[]): void {
    if (fixes.length === 0) return
    if (fixes.every((fix, index) => this.pending[index] === fix)) {
      this.pending.splice(0, fixes.length)
    } else {
      const acked = new Set(fixes)
      this.pending = this.pending.filter((fix) => !acked.has(fix))
    }
  }

  /** Wakes the delivery loop (new records, a command to answer, a closed connection). */
  protected signal(): void {
    const wake = this.wake
    this.wake = null
    wake?.()
  }

  protected waitForWork(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve
    })
  }

  /** Waits `ms`; stop() ends the wait early. */
  protected sleep(ms: number): Promise<void> {
    if (ms <= 0 || !this.running) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      const self = this
      function done() {
        clearTimeout(timer)
        self.wakeSleep = null
        resolve()
      }
      this.wakeSleep = done
    })
  }

  /** Exponential backoff with ±20 % jitter, so a fleet does not reconnect in step. */
  protected backoffMs(attempt: number): number {
    const { backoffMinMs, backoffMaxMs } = this.settings
    const base = Math.min(backoffMaxMs, backoffMinMs * 2 ** Math.min(attempt, 20))
    return base * (0.8 + 0.4 * Math.random())
  }

  private scheduleRecord(): void {
    const { firstRecordMs, periodMs } = this.settings
    const due = this.startedAt + firstRecordMs + this.records * periodMs
    this.recordTimer = setTimeout(
      () => {
        if (!this.running) return
        this.produce()
        this.scheduleRecord()
      },
      Math.max(0, due - performance.now())
    )
  }

  private produce(): void {
    this.records++
    const records = this.model.advance(this.settings.intervalSeconds)
    this.stats.recordsProduced += records.length
    this.pending.push(...records)
    const overflow = this.pending.length - this.settings.maxPendingRecords
    if (overflow > 0) {
      this.pending.splice(0, overflow)
      this.stats.recordsDropped += overflow
    }
    this.onRecords(records)
    this.signal()
  }
}
