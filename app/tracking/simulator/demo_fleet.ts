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

/**
 * Every family the listener speaks, interleaved: in every 12 vehicles 3 Teltonika, 3 GT06, one
 * OsmAnd phone and one each of H02, Queclink (gl200), GPS103, Meitrack and Ruptela (the first
 * ten hold all but Ruptela).
 */
const DEMO_PROTOCOLS: readonly SimulatedProtocol[] = [
  'teltonika',
  'gt06',
  'h02',
  'gl200',
  'gt06',
  'osmand',
  'gps103',
  'gt06',
  'meitrack',
  'teltonika',
  'ruptela',
  'teltonika',
]

export interface DemoFleetOptions {
  companyName: string
  count: number
  /** Where the listener is reachable from this process (e.g. 127.0.0.1). */
  host: string
  ports: Partial<Record<SimulatedProtocol, number>>
  logger?: Logger
  /** Drive yesterday's history first when the company has none (default true). */
  backfill?: boolean
  /** Wall seconds the history drive takes (default 60). */
  backfillSeconds?: number
}

/**
 * The odometer a demo vehicle starts from, km: known in advance, so that the demo company's
 * maintenance items can be seeded against it (36,000 to about 240,000 km over 12 vehicles).
 */
export function demoOdometerKm(index: number): number {
  return 36_000 + index * 17_250 + (index % 3) * 4_150
}

export function demoVehicles(count: number): FleetVehicle[] {
  return fleetVehicles(
    count,
    DEMO_FIRST_IMEI,
    (k) => DEMO_PROTOCOLS[k % DEMO_PROTOCOLS.length]
  ).map((vehicle) => ({ ...vehicle, odometerKm: demoOdometerKm(vehicle.index) }))
}

/** How long the first start spends driving yesterday's history, in wall seconds. */
const BACKFILL_WALL_SECONDS = 60

/** What runs of the demo fleet: yesterday's history first (once), then the live drive. */
export interface DemoFleet {
  /** The fleet driving now (the history drive, then the live one). */
  readonly current: SimulatedFleet | null
  stop(): Promise<void>
}

/**
 * The demo fleet of `npm start`: registers `count` vehicles of every protocol family (see
 * DEMO_PROTOCOLS) to the demo company; a vehicle registered before speaks the family it was
 * registered with. On a database with no history yet it first drives them from
 * yesterday morning to now at high speed (about a minute), so that the history page has
 * yesterday's trips to replay; then it drives them in real time, a record every 5 s.
 * Stop it before the listener.
 */
export async function startDemoFleet(options: DemoFleetOptions): Promise<DemoFleet> {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const company = await db.from('companies').where('name', options.companyName).first()
  const history = company
    ? await db
        .from('positions')
        .where('company_id', company.id)
        .whereRaw("fix_time < date_trunc('day', now())")
        .first()
    : null
  let current: SimulatedFleet | null = null
  let stopped = false
  let timer: NodeJS.Timeout | null = null

  // Registered once: the history drive and the live one are the same vehicles.
  const vehicles = await registerDemoVehicles(options)
  options.logger?.info(
    `demo fleet: ${vehicles.length} vehicles of "${options.companyName}" driving in Istanbul and Tallinn`
  )

  const live = async () => {
    const resumed = await withReportedOdometers(vehicles)
    if (stopped) return
    current = driveFleet(options, resumed)
  }

  const wallSeconds = options.backfillSeconds ?? BACKFILL_WALL_SECONDS
  if (company && !history && options.backfill !== false) {
    const yesterdayMorning = new Date()
    yesterdayMorning.setUTCDate(yesterdayMorning.getUTCDate() - 1)
    yesterdayMorning.setUTCHours(5, 0, 0, 0)
    const span = (Date.now() - yesterdayMorning.getTime()) / 1000
    const speedup = span / wallSeconds
    current = driveFleet(options, vehicles, {
      clockStart: yesterdayMorning,
      speedup,
      // A record every 25 wall milliseconds per vehicle, whatever the speed-up.
      intervalSeconds: Math.max(20, speedup * 0.025),
    })
    options.logger?.info('demo fleet: driving yesterday and today at high speed first')
    timer = setTimeout(async () => {
      await current?.stop()
      options.logger?.info('demo fleet: history written, now driving in real time')
      await live().catch((error) =>
        options.logger?.error({ err: error }, 'demo fleet: the live drive failed to start')
      )
    }, wallSeconds * 1000)
  } else {
    await live()
  }

  return {
    get current() {
      return current
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await current?.stop()
    },
  }
}

/**
 * The vehicles with the odometer each last reported, so that a restart (or the live drive after
 * the history one) carries on from it instead of stepping back to the demo's starting value.
 */
async function withReportedOdometers(vehicles: FleetVehicle[]): Promise<FleetVehicle[]> {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const states = await db
    .from('device_states as s')
    .join('devices as d', 'd.id', 's.device_id')
    .whereIn(
      'd.imei',
      vehicles.map((vehicle) => vehicle.imei)
    )
    .whereNotNull('s.odometer')
    .select('d.imei', 's.odometer')
  const reportedKm = new Map(states.map((state) => [state.imei, Number(state.odometer) / 1000]))
  return vehicles.map((vehicle) => ({
    ...vehicle,
    odometerKm: reportedKm.get(vehicle.imei) ?? vehicle.odometerKm,
  }))
}

/**
 * Registers the demo vehicles (idempotent) and returns those this company may drive, each
 * speaking the protocol it is registered with (a database from before the mix changed keeps
 * its vehicles' families).
 */
async function registerDemoVehicles(options: DemoFleetOptions): Promise<FleetVehicle[]> {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const vehicles = demoVehicles(options.count)
  const registration = await registerFleet(options.companyName, vehicles, { skipRefused: true })
  for (const { vehicle, reason } of registration.refused) {
    options.logger?.warn({ imei: vehicle.imei }, `demo vehicle skipped: ${reason}`)
  }
  const refused = new Set(registration.refused.map(({ vehicle }) => vehicle.imei))
  const kept = vehicles.filter((vehicle) => !refused.has(vehicle.imei))
  const rows = await db
    .from('devices')
    .whereIn(
      'imei',
      kept.map((vehicle) => vehicle.imei)
    )
    .select('imei', 'protocol')
  const registered = new Map<string, SimulatedProtocol>(rows.map((row) => [row.imei, row.protocol]))
  return kept.map((vehicle) => ({
    ...vehicle,
    protocol: registered.get(vehicle.imei) ?? vehicle.protocol,
  }))
}

function driveFleet(
  options: DemoFleetOptions,
  vehicles: FleetVehicle[],
  pace: { clockStart?: Date; speedup: number; intervalSeconds: number } = {
    speedup: 1,
    intervalSeconds: 5,
  }
): SimulatedFleet {
  const fleet = new SimulatedFleet({
    host: options.host,
    ports: options.ports,
    vehicles,
    intervalSeconds: pace.intervalSeconds,
    speedup: pace.speedup,
    clockStart: pace.clockStart,
    seed: 2026,
  })
  fleet.start()
  return fleet
}
