import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { trackerProtocols, type TrackerProtocol } from '#shared/fleet_enums'
import { reportError } from './device_create.js'

const PROTOCOLS = trackerProtocols
type Protocol = TrackerProtocol
const STATS_EVERY_MS = 10_000

export default class TrackerSimulate extends BaseCommand {
  static commandName = 'tracker:simulate'
  static description =
    'Drive a fleet of simulated trackers (any protocol family the listener speaks) against a tracker listener'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Number of vehicles', default: 10 })
  declare devices: number

  @flags.string({ description: trackerProtocols.join(', '), default: 'teltonika' })
  declare protocol: string

  @flags.number({ description: 'Seconds between two records of a vehicle', default: 10 })
  declare interval: number

  @flags.string({ description: 'Listener host', default: '127.0.0.1' })
  declare host: string

  @flags.number({ description: "Listener port (default: the protocol's, config/tracking.ts)" })
  declare port?: number

  @flags.string({
    description: 'IMEI of vehicle 0; vehicle k is first + k',
    default: '860000000000000',
  })
  declare firstImei: string

  @flags.string({ description: 'Register the vehicles to this (existing) company first' })
  declare company?: string

  @flags.number({ description: 'Simulated seconds per real second', default: 1 })
  declare speedup: number

  @flags.number({ description: 'Stop after this many seconds (default: until Ctrl-C)' })
  declare duration?: number

  async run() {
    const { imeiFor } = await import('#tracking/simulator/fleet_identity')
    const problems = this.validate(imeiFor)
    if (problems.length > 0) {
      for (const problem of problems) this.logger.error(problem)
      this.exitCode = 1
      return
    }
    const { SimulatedFleet, fleetVehicles } = await import('#tracking/simulator/simulated_fleet')
    const { formatStatsLine } = await import('#tracking/simulator/fleet_stats')
    const protocol = this.protocol as Protocol
    const vehicles = fleetVehicles(this.devices, this.firstImei, protocol)

    if (this.company) {
      const { registerFleet } = await import('#tracking/simulator/register_fleet')
      try {
        const registered = await registerFleet(this.company, vehicles)
        this.logger.info(
          `registered to "${this.company}": ${registered.created} new, ${registered.existing} already there`
        )
      } catch (error) {
        reportError(this, error)
        return
      }
    }

    const ports = this.app.config.get<Record<Protocol, number>>('tracking.ports')
    const port = this.port ?? ports[protocol]
    // With a fixed duration the simulated clock ends at the present, so no fix is in the future.
    const clockStart =
      this.duration && this.speedup > 1
        ? new Date(Date.now() - this.duration * (this.speedup - 1) * 1000)
        : new Date()
    const fleet = new SimulatedFleet({
      host: this.host,
      ports: { [protocol]: port },
      vehicles,
      intervalSeconds: this.interval,
      speedup: this.speedup,
      clockStart,
    })
    this.logger.info(
      `${vehicles.length} ${protocol} vehicles (${vehicles[0].imei}..${vehicles[vehicles.length - 1].imei}) -> ${this.host}:${port}, a record every ${this.interval} s, speedup ${this.speedup}`
    )
    fleet.start()
    const ticker = setInterval(
      () => this.logger.info(formatStatsLine(fleet.snapshot())),
      STATS_EVERY_MS
    )
    await this.untilStopped()
    clearInterval(ticker)
    await fleet.stop()
    const stats = fleet.snapshot()
    this.logger.info(`final: ${formatStatsLine(stats)}`)
    if (stats.loginsRejected > 0 && stats.loginsAccepted === 0) {
      this.logger.warning('the listener refused every vehicle: register them with --company')
    }
  }

  private validate(imeiFor: (first: string, k: number) => string): string[] {
    const problems: string[] = []
    if (!Number.isInteger(this.devices) || this.devices < 1 || this.devices > 100_000) {
      problems.push('--devices must be a whole number from 1 to 100000')
    }
    if (!PROTOCOLS.includes(this.protocol as Protocol)) {
      problems.push(`--protocol must be one of ${PROTOCOLS.join(', ')}`)
    }
    if (!(this.interval >= 1 && this.interval <= 86_400)) {
      problems.push('--interval must be from 1 to 86400 seconds')
    }
    if (!this.host?.trim()) problems.push('--host must not be empty')
    if (
      this.port !== undefined &&
      !(Number.isInteger(this.port) && this.port >= 1 && this.port <= 65_535)
    ) {
      problems.push('--port must be from 1 to 65535')
    }
    if (!(this.speedup > 0 && this.speedup <= 100_000)) {
      problems.push('--speedup must be above 0 and at most 100000')
    }
    if (this.duration !== undefined && !(this.duration > 0)) {
      problems.push('--duration must be above 0 seconds')
    }
    if (this.company !== undefined && this.company.trim().length < 2) {
      problems.push('--company must name a company')
    }
    try {
      imeiFor(this.firstImei, Math.max(0, (Number.isInteger(this.devices) ? this.devices : 1) - 1))
    } catch (error) {
      problems.push(`--first-imei: ${(error as Error).message}`)
    }
    return problems
  }

  /** Resolves after --duration seconds, or on Ctrl-C / SIGTERM. */
  private untilStopped(): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.duration ? setTimeout(done, this.duration * 1000) : null
      process.once('SIGINT', done)
      process.once('SIGTERM', done)
      function done() {
        if (timer) clearTimeout(timer)
        process.off('SIGINT', done)
        process.off('SIGTERM', done)
        resolve()
      }
    })
  }
}
