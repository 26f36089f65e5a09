import os from 'node:os'
import type { CopyResult } from './copy_phase.js'
import { describeSessions, type ConnectionsResult, type WindowResult } from './phases.js'
import type { HeldConnections } from './connections_phase.js'

export const TARGETS = {
  /** Saturation (10 records per packet) over the COPY of the same rows in the same run. */
  copyRatio: 0.6,
  /** One record per packet over the same COPY. */
  singleRecordCopyRatio: 0.25,
  p99AtRateMs: 50,
  rateForLatency: 5_000,
  connections: 10_000,
  rssBytes: 300 * 1024 ** 2,
  /** Across listener workers (BENCH_WORKERS): devices logged in at once, total RSS, ack p99. */
  connectionsAcrossWorkers: 50_000,
  rssAcrossWorkersBytes: 2 * 1024 ** 3,
  p99WithConnectionsMs: 1000,
}

export const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`
export const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`
export const ms = (value: number) => `${value.toFixed(1)} ms`
const percent = (share: number) => `${Math.round(share * 100)} %`
const micro = (seconds: number) => `${(seconds * 1e6).toFixed(1)} µs`
/** CPU time per committed position (not wall time: comparable on a shared machine). */
export const cpuPerRow = (phase: WindowResult) =>
  `${micro((phase.listenerCpu * phase.seconds) / phase.rows)} + ${
    phase.postgresCpu === null ? '-' : micro((phase.postgresCpu * phase.seconds) / phase.rows)
  }`
/** Committed positions per transaction of the window (the benchmark's own ones included). */
const perBatch = (phase: WindowResult) =>
  `${phase.commits > 0 ? Math.round(phase.rows / phase.commits) : '-'} (${Math.round(phase.commits / phase.seconds)}/s)`
const verdict = (ok: boolean) => (ok ? 'meets target' : 'BELOW TARGET')

export interface BenchResults {
  rate: number
  recordsPerPacket: number
  idleRssBytes: number
  /** Null when phase C did not run (BENCH_ONLY=throughput). */
  connections: ConnectionsResult | null
  throughput: WindowResult
  /** Saturation with one record per packet. */
  single: WindowResult
  /** Null when phase B did not run (BENCH_ONLY=throughput). */
  paced: WindowResult | null
  copy: CopyResult
}

type Row = [string, string, string, string]

/** A phase's CPU: the listener's and the load generator's, each as a share of one core. */
function cpuRow(phase: string, window: WindowResult): Row {
  return [
    `CPU in ${phase}: listener / load generator`,
    `${percent(window.listenerCpu)} / ${percent(window.benchCpu)} of a core`,
    '-',
    '',
  ]
}

function printSessions(phase: string, window: WindowResult): void {
  console.log(
    `PostgreSQL sessions busy, on average, in ${phase}: ${describeSessions(window.sessions)}`
  )
}

/** Phase B's figures: the ack latency at the paced rate, its slowest ack. */
function latencyRows(paced: WindowResult, rate: number): Row[] {
  return [
    [
      `ack latency at ${perSecond(rate)} paced`,
      `p50 ${ms(paced.latency.p50)}, p99 ${ms(paced.latency.p99)} (achieved ${perSecond(paced.rowsPerSecond)})`,
      `p99 < ${TARGETS.p99AtRateMs} ms at ${perSecond(TARGETS.rateForLatency)}`,
      verdict(paced.latency.p99 < TARGETS.p99AtRateMs && rate >= TARGETS.rateForLatency),
    ],
    [
      `  its slowest ack; the generator's own lag`,
      `max ${ms(paced.latency.max)}; event loop late by p99 ${ms(paced.generatorLoopDelay.p99)}, max ${ms(paced.generatorLoopDelay.max)}`,
      '-',
      '',
    ],
  ]
}

/** BENCH_ONLY=latency: phase B alone. */
export function printLatencySummary(paced: WindowResult, rate: number): void {
  console.log('')
  printSessions('B', paced)
  printTable('ingest latency summary', [
    ...latencyRows(paced, rate),
    cpuRow('B', paced),
    ['positions per committed batch (transactions)', `B ${perBatch(paced)}`, '-', ''],
    ['machine load average (1 min) at the end', os.loadavg()[0].toFixed(2), '-', ''],
  ])
}

/** The final block: each figure next to its target. */
export function printSummary(results: BenchResults): void {
  const { throughput, single, paced, connections, copy } = results
  const ratio = throughput.rowsPerSecond / copy.rowsPerSecond
  const singleRatio = single.rowsPerSecond / copy.rowsPerSecond
  const rows: Row[] = [
    [
      `positions/s committed (saturation, ${results.recordsPerPacket} per packet)`,
      `${perSecond(throughput.rowsPerSecond)} (${throughput.rows} rows in ${throughput.seconds.toFixed(1)} s)`,
      '-',
      '',
    ],
    [
      'PostgreSQL COPY of the same rows',
      `${perSecond(copy.rowsPerSecond)} (${copy.rows} rows)`,
      '-',
      '',
    ],
    [
      `ingest / COPY (${results.recordsPerPacket} per packet)`,
      ratio.toFixed(2),
      `>= ${TARGETS.copyRatio}`,
      verdict(ratio >= TARGETS.copyRatio),
    ],
    [
      'positions/s committed (saturation, 1 per packet)',
      `${perSecond(single.rowsPerSecond)} (${single.rows} rows in ${single.seconds.toFixed(1)} s)`,
      '-',
      '',
    ],
    [
      'ingest / COPY (1 per packet)',
      singleRatio.toFixed(2),
      `>= ${TARGETS.singleRecordCopyRatio}`,
      verdict(singleRatio >= TARGETS.singleRecordCopyRatio),
    ],
    [
      'ack latency at saturation',
      `p50 ${ms(throughput.latency.p50)}, p99 ${ms(throughput.latency.p99)}`,
      '-',
      '',
    ],
  ]
  if (paced) rows.push(...latencyRows(paced, results.rate))
  if (connections) {
    rows.push(
      [
        'concurrent connections held',
        `${connections.online} of ${connections.requested}${connections.errors ? ` (${connections.errors} errors: ${connections.lastError})` : ''}`,
        `${TARGETS.connections}`,
        verdict(connections.online >= TARGETS.connections),
      ],
      [
        'listener RSS with those connections',
        `${mib(connections.rssBytes)} (${mib(results.idleRssBytes)} before they connected)`,
        `< ${mib(TARGETS.rssBytes)}`,
        verdict(
          connections.rssBytes < TARGETS.rssBytes && connections.online >= TARGETS.connections
        ),
      ]
    )
  }
  rows.push(
    [
      'listener RSS peak under load (A, A1, B)',
      mib(Math.max(throughput.maxRssBytes, single.maxRssBytes, paced?.maxRssBytes ?? 0)),
      '-',
      '',
    ],
    cpuRow('A', throughput),
    cpuRow('A1', single),
    ...(paced ? [cpuRow('B', paced)] : []),
    [
      'CPU per position: listener + PostgreSQL',
      [
        `A ${cpuPerRow(throughput)}`,
        `A1 ${cpuPerRow(single)}`,
        `COPY ${copy.postgresCpuSeconds === null ? '-' : `0 + ${micro(copy.postgresCpuSeconds / copy.rows)}`}`,
      ].join('; '),
      '-',
      '',
    ],
    [
      'positions per committed batch (transactions)',
      `A ${perBatch(throughput)}; A1 ${perBatch(single)}`,
      '-',
      '',
    ],
    ['machine load average (1 min) at the end', os.loadavg()[0].toFixed(2), '-', '']
  )
  console.log('')
  printSessions('A', throughput)
  printSessions('A1', single)
  if (paced) printSessions('B', paced)
  printTable('ingest benchmark summary', rows)
}

function printTable(title: string, rows: Row[]) {
  const width = Math.max(...rows.map((row) => row[0].length))
  const valueWidth = Math.max(...rows.map((row) => row[1].length))
  console.log(`\n=== ${title} ===`)
  for (const [name, value, target, result] of rows) {
    console.log(
      `${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target.padEnd(28)}  ${result}`
    )
  }
}

/** Phase C's figures across the listener's worker processes, next to the 50,000 targets. */
export function printConnectionsSummary(
  workers: number,
  held: HeldConnections,
  loaded: WindowResult,
  rate: number
): void {
  const rows: Row[] = [
    [
      `devices logged in at once (${workers} listener workers, ${held.holders} generator processes)`,
      `${held.online} of ${held.requested} in ${held.loginSeconds.toFixed(0)} s${held.errors ? ` (${held.errors} errors: ${held.lastError})` : ''}`,
      `${TARGETS.connectionsAcrossWorkers}`,
      held.requested < TARGETS.connectionsAcrossWorkers
        ? held.online === held.requested
          ? `all held; the target needs BENCH_CONNECTIONS=${TARGETS.connectionsAcrossWorkers} BENCH_WORKERS=3`
          : verdict(false)
        : verdict(held.online >= TARGETS.connectionsAcrossWorkers),
    ],
    [
      'listener RSS, all processes, with them',
      `${mib(held.rssBytes)} (${held.rssByProcess.map(mib).join(' + ')})`,
      `< ${mib(TARGETS.rssAcrossWorkersBytes)}`,
      verdict(held.rssBytes < TARGETS.rssAcrossWorkersBytes),
    ],
    [
      `ack latency meanwhile, ${perSecond(rate)} paced`,
      `p50 ${ms(loaded.latency.p50)}, p99 ${ms(loaded.latency.p99)} (achieved ${perSecond(loaded.rowsPerSecond)})`,
      `p99 < ${ms(TARGETS.p99WithConnectionsMs)}`,
      verdict(loaded.latency.p99 < TARGETS.p99WithConnectionsMs && loaded.rows > 0),
    ],
    [
      'CPU meanwhile: listener / load generator',
      `${percent(loaded.listenerCpu)} / ${percent(loaded.benchCpu)} of a core`,
      '-',
      '',
    ],
    ['machine load average (1 min)', os.loadavg()[0].toFixed(2), '-', ''],
  ]
  printTable('connections across listener workers', rows)
}
