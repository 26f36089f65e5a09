import type { TrackerProtocol } from '#shared/fleet_enums'
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { HolderReport, HolderSettings } from './connection_holder.js'
import type { ConnectionsResult, PhaseContext } from './phases.js'

/** Devices one load-generating process holds: under its ~20,000 descriptors. */
export const DEVICES_PER_HOLDER = 12_500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const HOLDER_SCRIPT = fileURLToPath(new URL('./connection_holder.ts', import.meta.url))

function imeiAt(firstImei: string, offset: number) {
  return String(BigInt(firstImei) + BigInt(offset))
}

export interface HeldConnections extends ConnectionsResult {
  /** Each listener process's RSS with the connections held (the primary first). */
  rssByProcess: number[]
  holders: number
  /** Seconds until every device had logged in. */
  loginSeconds: number
  /** Stops the holders (the devices disconnect). */
  release(): Promise<void>
}

/**
 * `count` Teltonika devices log in and stay idle, from several processes (DEVICES_PER_HOLDER
 * each), each from its own loopback source address (127.0.0.10, .11, ...: a source address
 * has ~28,000 ports towards one port). Logins are spread at `loginRate` a second in total.
 * Resolves once all are online (or the deadline passed), the connections still held.
 */
export async function holdConnectionsAcrossProcesses(
  context: PhaseContext,
  port: number,
  protocol: TrackerProtocol,
  firstImei: string,
  count: number,
  loginRate: number
): Promise<HeldConnections> {
  const holders = Math.ceil(count / DEVICES_PER_HOLDER)
  const spreadSeconds = Math.max(5, count / loginRate)
  const reports: HolderReport[] = []
  const children: ChildProcess[] = []
  const release = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve()
            const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
            child.once('exit', () => {
              clearTimeout(timer)
              resolve()
            })
            child.kill('SIGTERM')
          })
      )
    )
  }
  context.track(release)
  for (let index = 0; index < holders; index++) {
    const offset = index * DEVICES_PER_HOLDER
    const settings: HolderSettings = {
      host: context.host,
      port,
      protocol,
      localAddress: `127.0.0.${10 + index}`,
      firstImei: imeiAt(firstImei, offset),
      count: Math.min(DEVICES_PER_HOLDER, count - offset),
      spreadSeconds,
    }
    reports.push({ online: 0, errors: 0, lastError: null })
    const child = fork(HOLDER_SCRIPT, [JSON.stringify(settings)], {
      execArgv: ['--import', '@poppinss/ts-exec'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.on('message', (report: HolderReport) => (reports[index] = report))
    children.push(child)
  }

  const online = () => reports.reduce((total, report) => total + report.online, 0)
  const startedAt = performance.now()
  // Waits while logins progress (a loaded machine logs in fewer a second than asked for):
  // until all are online, or none came for 60 s after the spread, or 30 minutes.
  const deadline = startedAt + 30 * 60_000
  let progressAt = performance.now()
  let last = 0
  while (online() < count && performance.now() < deadline) {
    await sleep(1000)
    if (context.listener.exited) throw new Error(`listener died:\n${context.listener.recentOutput}`)
    if (online() > last) {
      last = online()
      progressAt = performance.now()
    } else if (
      performance.now() - startedAt > spreadSeconds * 1000 &&
      performance.now() - progressAt > 60_000
    ) {
      break
    }
  }
  const loginSeconds = (performance.now() - startedAt) / 1000
  await sleep(3000)
  const errors = reports.reduce((total, report) => total + report.errors, 0)
  return {
    requested: count,
    online: online(),
    errors,
    lastError: reports.find((report) => report.lastError)?.lastError ?? null,
    rssBytes: context.listener.rssBytes(),
    rssByProcess: context.listener.rssByProcess(),
    holders,
    loginSeconds,
    release,
  }
}
