import type { Logger } from '@adonisjs/core/logger'
import { registerFleet } from './register_fleet.js'
import {
  SimulatedFleet,
  fleetVehicles,
  type FleetVehicle,
  type SimulatedProtocol,
} from './simulated_fleet.js'

/** IMEIs of the demo vehicles: DEMO_FIRST_IMEI + k. */
export const DEMO_FIRST_IMEI = '860100000000000'

/** 6 Teltonika, 3 GT06, 1 OsmAnd phone in every 10 vehicles, interleaved. */
const DEMO_PROTOCOLS: readonly SimulatedProtocol[] = [
  'teltonika',
  'gt06',
  'teltonika',
  'teltonika',
  'gt06',
  'teltonika',
  'osmand',
  'teltonika',
  'gt06',
  'teltonika',
]

export interface DemoFleetOptions {
  companyName: string
  count: number
  /** Where the listener is reachable from this process (e.g. 127.0.0.1). */
  host: string
  ports: { teltonika: number; gt06: number; osmand: number }
  logger?: Logger
}

export function demoVehicles(count: number): FleetVehicle[] {
  return fleetVehicles(count, DEMO_FIRST_IMEI, (k) => DEMO_PROTOCOLS[k % DEMO_PROTOCOLS.length])
}

/**
 * The demo fleet of `npm start`: registers `count` vehicles (60 % Teltonika, 30 % GT06, 10 %
 * OsmAnd) to the demo company, then drives them in real time, a record every 5 s, against
 * the listener. Resolves with the running fleet; stop it before the listener.
 */
export async function startDemoFleet(options: DemoFleetOptions): Promise<SimulatedFleet> {
  const vehicles = demoVehicles(options.count)
  const registration = await registerFleet(options.companyName, vehicles, { skipRefused: true })
  for (const { vehicle, reason } of registration.refused) {
    options.logger?.warn({ imei: vehicle.imei }, `demo vehicle skipped: ${reason}`)
  }
  const refused = new Set(registration.refused.map(({ vehicle }) => vehicle.imei))
  const fleet = new SimulatedFleet({
    host: options.host,
    ports: options.ports,
    vehicles: vehicles.filter((vehicle) => !refused.has(vehicle.imei)),
    intervalSeconds: 5,
    speedup: 1,
    seed: 2026,
  })
  fleet.start()
  options.logger?.info(
    `demo fleet: ${fleet.size} vehicles of "${options.companyName}" driving in Istanbul and Tallinn`
  )
  return fleet
}
