import { LatencyHistogram, type LatencySummary } from './latency_histogram.js'

/** Counters of a simulated fleet, shared by all its device clients. */
export class FleetStats {
  /** Data frames written (packets with records, heartbeats, HTTP reports). */
  framesSent = 0
  /** Server acknowledgements of data frames. */
  acksReceived = 0
  /** Position records the devices produced. */
  recordsProduced = 0
  /**
   * Rows the server stored for acknowledged frames: each acknowledged record once (a record
   * resent after a lost ack counts once), GT06 heartbeats included.
   */
  recordsAcked = 0
  /** Records dropped from a full device buffer (the server was unreachable too long). */
  recordsDropped = 0
  loginsAccepted = 0
  loginsRejected = 0
  commandsAnswered = 0
  /** Connections dropped or refused, timeouts, HTTP errors. */
  errors = 0
  reconnects = 0
  /** Devices logged in right now (TCP), or whose last report was accepted (HTTP). */
  online = 0
  lastError: string | null = null
  readonly ackLatency = new LatencyHistogram()

  error(error: unknown): void {
    this.errors++
    this.lastError = error instanceof Error ? error.message : String(error)
  }

  snapshot(): FleetStatsSnapshot {
    return {
      framesSent: this.framesSent,
      acksReceived: this.acksReceived,
      recordsProduced: this.recordsProduced,
      recordsAcked: this.recordsAcked,
      recordsDropped: this.recordsDropped,
      loginsAccepted: this.loginsAccepted,
      loginsRejected: this.loginsRejected,
      commandsAnswered: this.commandsAnswered,
      errors: this.errors,
      reconnects: this.reconnects,
      online: this.online,
      lastError: this.lastError,
      ackLatencyMs: this.ackLatency.summary(),
    }
  }
}

export interface FleetStatsSnapshot {
  framesSent: number
  acksReceived: number
  recordsProduced: number
  recordsAcked: number
  recordsDropped: number
  loginsAccepted: number
  loginsRejected: number
  commandsAnswered: number
  errors: number
  reconnects: number
  online: number
  lastError: string | null
  ackLatencyMs: LatencySummary
}

/** One line for a terminal: counters and ack latency percentiles. */
export function formatStatsLine(stats: FleetStatsSnapshot): string {
  const latency = stats.ackLatencyMs
  return [
    `online ${stats.online}`,
    `frames ${stats.framesSent}`,
    `acks ${stats.acksReceived}`,
    `records ${stats.recordsAcked}/${stats.recordsProduced} acked`,
    `ack p50 ${latency.p50.toFixed(1)} ms p99 ${latency.p99.toFixed(1)} ms`,
    `commands ${stats.commandsAnswered}`,
    `errors ${stats.errors}`,
    `reconnects ${stats.reconnects}`,
    ...(stats.loginsRejected ? [`refused ${stats.loginsRejected}`] : []),
    ...(stats.recordsDropped ? [`dropped ${stats.recordsDropped}`] : []),
  ].join(' · ')
}
