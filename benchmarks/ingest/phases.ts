import { monitorEventLoopDelay } from 'node:perf_hooks'
import type pg from 'pg'
import type { LatencySummary } from '#tracking/simulator/latency_histogram'
import type { SimulatedFleet } from '#tracking/simulator/simulated_fleet'
import type { ListenerProcess } from './listener_process.js'
import { profileClock } from './cpu_profile.js'
import type { PostgresCpu } from './postgres_cpu.js'

export interface PhaseContext {
  host: string
  pool: pg.Pool
  companyId: number
  listener: ListenerProcess
  /** The local PostgreSQL server's CPU time; null when it runs elsewhere. */
  postgresCpu: PostgresCpu | null
  warmupSeconds: number
  seconds: number
  /** Registers a fleet's stop() for the cleanup on error or Ctrl-C. */
  track(stop: () => Promise<void>): void
}

export interface WindowResult {
  rows: number
  seconds: number
  rowsPerSecond: number
  latency: LatencySummary
  maxRssBytes: number
  /** What the PostgreSQL sessions were doing, sampled every 100 ms: average sessions each. */
  sessions: Map<string, number>
  /** Share of one core the listener / this load-generating process used in the window. */
  listenerCpu: number
  benchCpu: number
  /** Share of one core PostgreSQL used in the window (null: not on this machine). */
  postgresCpu: number | null
  /** Transactions the database committed in the window (the listener's batches, mostly). */
  commits: number
  /**
   * How late this process's event loop ran its callbacks in the window (p99 and max, ms): the
   * load generator measures the ack latency, so its own stalls are part of that figure.
   */
  generatorLoopDelay: { p99: number; max: number }
  /** The measured window on the clock of the listener's CPU profile (profileClock()). */
  window: { from: number; to: number }
}

/**
 * The event-loop histogram records the time between two samples, the sampling interval
 * included: an idle loop reads 10.1 ms at a 10 ms interval. Lateness is what is over it.
 */
const LOOP_SAMPLE_MS = 10
const lateness = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - LOOP_SAMPLE_MS)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Transactions committed in the database so far (the statistics lag by up to a second). */
async function committedTransactions(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(
    'SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()'
  )
  return Number(rows[0].xact_commit)
}

async function countRows(pool: pg.Pool, companyId: number): Promise<number> {
  const { rows } = await pool.query('SELECT count(*) FROM positions WHERE company_id = $1', [
    companyId,
  ])
  return Number(rows[0].count)
}

/**
 * What each other session on the benchmark database is doing: "active: IO/WalSync",
 * "idle in transaction: Client/ClientRead" (waiting for the listener's next statement) ...
 */
async function sessionActivity(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT state, wait_event_type, wait_event FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`
  )
  return rows.map((row) =>
    row.wait_event
      ? `${row.state}: ${row.wait_event_type}/${row.wait_event}`
      : `${row.state}: on CPU`
  )
}

export function describeSessions(sessions: Map<string, number>): string {
  return [...sessions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([activity, average]) => `${activity} ${average.toFixed(2)}`)
    .join('; ')
}

/**
 * Starts a fleet, lets it warm up, then measures for `seconds`: rows the company gained in
 * PostgreSQL, ack latencies, listener memory and CPU; stops the fleet.
 */
export async function measureFleet(
  fleet: SimulatedFleet,
  context: PhaseContext
): Promise<WindowResult> {
  const { pool, companyId, listener } = context
  context.track(() => fleet.stop())
  fleet.start()
  try {
    await sleep(context.warmupSeconds * 1000)
    const before = await countRows(pool, companyId)
    const commitsBefore = await committedTransactions(pool)
    fleet.stats.ackLatency.reset()
    const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS })
    loopDelay.enable()
    const listenerCpuBefore = listener.cpuSeconds()
    const benchCpuBefore = process.cpuUsage()
    const postgresCpuBefore = context.postgresCpu?.seconds() ?? 0
    const startedAt = performance.now()
    const from = profileClock()
    let maxRssBytes = listener.rssBytes()
    const sessions = new Map<string, number>()
    let samples = 0
    const end = startedAt + context.seconds * 1000
    while (performance.now() < end) {
      await sleep(Math.min(100, end - performance.now()))
      for (const activity of await sessionActivity(pool)) {
        sessions.set(activity, (sessions.get(activity) ?? 0) + 1)
      }
      samples++
      if (samples % 10 === 0) maxRssBytes = Math.max(maxRssBytes, listener.rssBytes())
      if (listener.exited) throw new Error(`listener died:\n${listener.recentOutput}`)
    }
    const to = profileClock()
    loopDelay.disable()
    const commits = (await committedTransactions(pool)) - commitsBefore
    for (const [activity, seen] of sessions) sessions.set(activity, seen / samples)
    const seconds = (performance.now() - startedAt) / 1000
    const benchCpu = process.cpuUsage(benchCpuBefore)
    const listenerCpu = (listener.cpuSeconds() - listenerCpuBefore) / seconds
    const postgresCpu = context.postgresCpu
      ? (context.postgresCpu.seconds() - postgresCpuBefore) / seconds
      : null
    const rows = (await countRows(pool, companyId)) - before
    return {
      rows,
      seconds,
      rowsPerSecond: rows / seconds,
      latency: fleet.stats.ackLatency.summary(),
      maxRssBytes,
      sessions,
      listenerCpu,
      benchCpu: (benchCpu.user + benchCpu.system) / 1e6 / seconds,
      postgresCpu,
      commits,
      generatorLoopDelay: {
        p99: lateness(loopDelay.percentile(99)),
        max: lateness(loopDelay.max),
      },
      window: { from, to },
    }
  } finally {
    await fleet.stop()
  }
}

export interface ConnectionsResult {
  requested: number
  online: number
  errors: number
  lastError: string | null
  rssBytes: number
}

/**
 * Waits until the listener is quiet (under a tenth of a core over a second, at most 60 s), so
 * that a phase does not measure the wake of the previous one: the disconnection events of
 * 10,000 devices, their garbage.
 */
export async function settle(listener: PhaseContext['listener']): Promise<void> {
  const deadline = performance.now() + 60_000
  while (performance.now() < deadline) {
    const before = listener.cpuSeconds()
    await sleep(1000)
    if (listener.cpuSeconds() - before < 0.1) return
  }
}
