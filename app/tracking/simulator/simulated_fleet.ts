import { CODEC_8, CODEC_8_EXTENDED } from '../protocols/teltonika/teltonika_constants.js'
import type { DeviceClient, DeviceClientSettings } from './device_client.js'
import { FleetStats, type FleetStatsSnapshot } from './fleet_stats.js'
import { imeiFor, routeFor } from './fleet_identity.js'
import type { TrackerProtocol } from '../../shared/fleet_enums.js'
import { Gt06Client } from './gt06_client.js'
import { Gps103Client } from './gps103_client.js'
import { H02Client } from './h02_client.js'
import { MeitrackClient } from './meitrack_client.js'
import { RuptelaClient } from './ruptela_client.js'
import { Gl200Client } from './gl200_client.js'
import { OsmAndClient } from './osmand_client.js'
import { Prng, seedFor } from './prng.js'
import { TeltonikaClient } from './teltonika_client.js'
import { VehicleModel, type PlannedPhase } from './vehicle_model.js'

/** Every protocol family the simulator drives (all the listener speaks). */
export type SimulatedProtocol = TrackerProtocol

export interface FleetVehicle {
  /** k: picks the route, the plate and the random seed. */
  index: number
  imei: string
  protocol: SimulatedProtocol
  /** Scripted phases before the random ones. */
  plan?: PlannedPhase[]
  /** Total odometer at the start, km (default: random, 20,000–300,000). */
  odometerKm?: number
}

export interface SimulatedFleetOptions {
  host: string
  /** Source address of the TCP connections (default: chosen by the system). */
  localAddress?: string
  /** Port of each protocol the vehicles speak. */
  ports: Partial<Record<SimulatedProtocol, number>>
  vehicles: FleetVehicle[]
  /** Simulated seconds between two periodic records of a vehicle. */
  intervalSeconds: number
  /** Simulated seconds per wall second (default 1). */
  speedup?: number
  /** Simulated time at the start (default: now). */
  clockStart?: Date
  seed?: number
  /** Log in and hold the connection, sending nothing (connection benchmarks). */
  idle?: boolean
  /** Send the next record as soon as the previous is acknowledged (throughput benchmarks). */
  unpaced?: boolean
  /**
   * Records an unpaced vehicle sends at a time (default 1): a tracker that records every
   * interval and sends every N intervals, as configured Teltonika devices do.
   */
  unpacedRecords?: number
  /** 'mixed' (default): every third Teltonika speaks Codec 8 Extended, the others Codec 8. */
  teltonikaCodec?: 'codec8' | 'codec8e' | 'mixed'
  maxRecordsPerPacket?: number
  /**
   * GT06 heartbeat (0x13) period in simulated seconds; null for none. The server stamps a
   * status with its own clock, so the default sends heartbeats only when the simulated clock
   * is the wall clock (speedup 1): 180 s, else none.
   */
  gt06HeartbeatSeconds?: number | null
  ackTimeoutSeconds?: number
  /** How long a device takes to carry out a command and answer it (default 0.3 s). */
  commandReplySeconds?: number
  reconnectMinSeconds?: number
  reconnectMaxSeconds?: number
  /** First connections are spread over this many seconds (default: the period, at most 10). */
  connectSpreadSeconds?: number
  maxPendingRecords?: number
}

/** Vehicles k = 0..count-1 with IMEIs firstImei + k, all speaking one protocol or a mix. */
export function fleetVehicles(
  count: number,
  firstImei: string,
  protocol: SimulatedProtocol | ((k: number) => SimulatedProtocol)
): FleetVehicle[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    imei: imeiFor(firstImei, index),
    protocol: typeof protocol === 'function' ? protocol(index) : protocol,
  }))
}

/**
 * A fleet of simulated trackers speaking the real protocols over real sockets (TCP for
 * Teltonika and GT06, HTTP for OsmAnd) to one listener. Each vehicle writes a record every
 * `intervalSeconds` of simulated time (the fleet spread over the period, so thousands do not
 * fire at once), waits for each acknowledgement, answers commands and reconnects with
 * backoff.
 */
export class SimulatedFleet {
  readonly stats = new FleetStats()
  private readonly clients: DeviceClient[] = []
  private started = false

  constructor(private readonly options: SimulatedFleetOptions) {
    if (!(options.intervalSeconds > 0)) throw new RangeError('interval must be > 0')
    if (!((options.speedup ?? 1) > 0)) throw new RangeError('speedup must be > 0')
    const random = new Prng(seedFor(options.seed ?? 1, -1))
    const speedup = options.speedup ?? 1
    const periodMs = (options.intervalSeconds * 1000) / speedup
    const spreadMs = (options.connectSpreadSeconds ?? Math.min(periodMs / 1000, 10)) * 1000
    const clockStart = (options.clockStart ?? new Date()).getTime()
    const heartbeat =
      options.gt06HeartbeatSeconds === undefined
        ? speedup === 1
          ? 180
          : null
        : options.gt06HeartbeatSeconds

    for (const vehicle of options.vehicles) {
      const port = options.ports[vehicle.protocol]
      if (!port) throw new RangeError(`no port for protocol ${vehicle.protocol}`)
      const firstRecordMs = options.unpaced ? 0 : random.between(0, periodMs)
      const settings: DeviceClientSettings = {
        host: options.host,
        port,
        localAddress: options.localAddress,
        stats: this.stats,
        intervalSeconds: options.intervalSeconds,
        periodMs,
        firstRecordMs,
        connectDelayMs: random.between(0, spreadMs),
        idle: options.idle ?? false,
        unpaced: options.unpaced ?? false,
        unpacedRecords: Math.max(1, Math.round(options.unpacedRecords ?? 1)),
        ackTimeoutMs: (options.ackTimeoutSeconds ?? 20) * 1000,
        commandReplyMs: (options.commandReplySeconds ?? 0.3) * 1000,
        backoffMinMs: (options.reconnectMinSeconds ?? 0.5) * 1000,
        backoffMaxMs: (options.reconnectMaxSeconds ?? 30) * 1000,
        maxPendingRecords: options.maxPendingRecords ?? 1000,
      }
      // The vehicle's clock reads clockStart + wall elapsed × speedup at each of its records.
      const model = new VehicleModel({
        seed: seedFor(options.seed ?? 1, vehicle.index),
        route: routeFor(vehicle.index),
        start: new Date(clockStart + firstRecordMs * speedup - options.intervalSeconds * 1000),
        plan: vehicle.plan,
        odometer: vehicle.odometerKm === undefined ? undefined : vehicle.odometerKm * 1000,
      })
      this.clients.push(this.client(vehicle, model, settings, heartbeat))
    }
  }

  get size(): number {
    return this.clients.length
  }

  start(): void {
    if (this.started) return
    this.started = true
    for (const client of this.clients) client.start()
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.stop()))
  }

  snapshot(): FleetStatsSnapshot {
    return this.stats.snapshot()
  }

  private client(
    vehicle: FleetVehicle,
    model: VehicleModel,
    settings: DeviceClientSettings,
    heartbeatSeconds: number | null
  ): DeviceClient {
    switch (vehicle.protocol) {
      case 'teltonika': {
        const mode = this.options.teltonikaCodec ?? 'mixed'
        const extended = mode === 'codec8e' || (mode === 'mixed' && vehicle.index % 3 === 2)
        return new TeltonikaClient(
          vehicle.imei,
          model,
          settings,
          extended ? CODEC_8_EXTENDED : CODEC_8,
          this.options.maxRecordsPerPacket
        )
      }
      case 'gt06':
        return new Gt06Client(vehicle.imei, model, settings, heartbeatSeconds)
      case 'osmand':
        return new OsmAndClient(vehicle.imei, model, settings)
      case 'h02':
        return new H02Client(vehicle.imei, model, settings)
      case 'gps103':
        return new Gps103Client(vehicle.imei, model, settings)
      case 'meitrack':
        return new MeitrackClient(vehicle.imei, model, settings)
      case 'ruptela':
        return new RuptelaClient(vehicle.imei, model, settings)
      case 'gl200':
        return new Gl200Client(vehicle.imei, model, settings)
    }
  }
}
