/**
 * One load-generating process of the connections phase (a process holds ~20,000 descriptors
 * here): `count` idle devices (Teltonika, or BENCH_PROTOCOL's family) from `localAddress` log in and stay connected. It
 * reports its fleet's figures to the benchmark every second (IPC) and stops when the
 * benchmark disconnects or signals it.
 */
import { SimulatedFleet, fleetVehicles } from '#tracking/simulator/simulated_fleet'
import type { TrackerProtocol } from '#shared/fleet_enums'

export interface HolderSettings {
  host: string
  port: number
  protocol: TrackerProtocol
  localAddress: string
  firstImei: string
  count: number
  spreadSeconds: number
}

export interface HolderReport {
  online: number
  errors: number
  lastError: string | null
}

const settings = JSON.parse(process.argv[2]) as HolderSettings
const fleet = new SimulatedFleet({
  host: settings.host,
  localAddress: settings.localAddress,
  ports: { [settings.protocol]: settings.port },
  vehicles: fleetVehicles(settings.count, settings.firstImei, settings.protocol),
  intervalSeconds: 3600,
  idle: true,
  connectSpreadSeconds: settings.spreadSeconds,
  ackTimeoutSeconds: 60,
  reconnectMinSeconds: 1,
})
fleet.start()

const reporter = setInterval(() => {
  const stats = fleet.snapshot()
  const report: HolderReport = {
    online: stats.online,
    errors: stats.errors,
    lastError: stats.lastError,
  }
  if (process.connected) process.send?.(report)
}, 1000)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  clearInterval(reporter)
  await fleet.stop()
  if (process.connected) process.disconnect()
  process.exit(0)
}
process.once('disconnect', stop)
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
