import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type pg from 'pg'
import { CopyBuffer, copyFromStdin } from '#services/pg_copy'
import { enrich, type DeviceContext } from '#tracking/pipeline/enrich'
import { SensorRollup } from '#tracking/pipeline/sensor_rollup'
import {
  FUEL_EVENT_COLUMNS,
  FUEL_HOUR_COLUMNS,
  TEMPERATURE_HOUR_COLUMNS,
  fuelEventRows,
  fuelHourRows,
  mergeRollup,
  temperatureHourRows,
} from '#tracking/pipeline/sensor_rollup_rows'
import {
  POSITION_HOUR_COLUMNS,
  PositionHours,
  positionHourValues,
} from '#tracking/pipeline/position_hour_rows'
import { initialLiveState, type LiveState } from '#tracking/pipeline/live_state'
import { idleRow, stopRow, tripRow } from '#tracking/pipeline/trip_rows'
import { trackingSettings } from '#tracking/tracking_settings'
import {
  initialSimulation,
  simulateDay,
  vehicleProfile,
  type FuelLogDraft,
} from '#tracking/history/history_model'

export interface GenerateHistoryOptions {
  companyId: number
  vehicles: number
  days: number
  /** Seconds between two positions of a vehicle (30: about 2,880 a day). */
  intervalSeconds?: number
  seed?: number
  /** The history ends here (default: now); it starts `days - 1` local days before. */
  now?: DateTime
  timezone?: string
  /** Called after each vehicle, for progress output. */
  onVehicle?: (done: number, total: number, positions: number) => void
}

export interface GenerateHistoryResult {
  vehicles: number
  positions: number
  events: number
  trips: number
  stops: number
  idles: number
  fuelEntries: number
  from: DateTime
  to: DateTime
  seconds: number
}

const DRIVER_NAMES = [
  'Ahmet Yılmaz',
  'Mehmet Kaya',
  'Ayşe Demir',
  'Mustafa Çelik',
  'Fatma Şahin',
  'Ali Öztürk',
  'Emine Arslan',
  'Hasan Doğan',
  'Zeynep Koç',
  'Murat Aydın',
]

const POSITION_COLUMNS =
  'device_id, company_id, fix_time, server_time, latitude, longitude, speed, course, altitude, satellites, valid, attributes'
const EVENT_COLUMNS =
  'company_id, device_id, event_time, code, state, latitude, longitude, attributes'
/** Every column of the ingest's trip row (tripRow), and the vehicle's driver. */
function tripCopyFields(row: ReturnType<typeof tripRow>, driverId: number | null) {
  return [
    ...Object.values(row).map((value) => (value instanceof Date ? value.toISOString() : value)),
    driverId,
  ]
}
const tripColumns = (row: ReturnType<typeof tripRow>) =>
  [...Object.keys(row), 'driver_id'].join(', ')
const STOP_COLUMNS =
  'company_id, device_id, start_time, end_time, latitude, longitude, duration, engine_on_duration'
const IDLE_COLUMNS = 'company_id, device_id, start_time, end_time, latitude, longitude, duration'

/**
 * The generated vehicles of a company (GEN-001 …), created on first use with a driver each
 * (name and card), so that running the generator again replaces their history.
 */
async function generatedVehicles(companyId: number, count: number, seed: number) {
  const vehicles: { id: number; imei: string; driverId: number; index: number }[] = []
  const now = new Date()
  for (let index = 1; index <= count; index++) {
    const profile = vehicleProfile(index, seed)
    const name = `GEN-${String(index).padStart(3, '0')}`
    const imei = `98${String(companyId).padStart(6, '0')}${String(index).padStart(5, '0')}`
    let driver = await db
      .from('drivers')
      .where('company_id', companyId)
      .where('card_id', profile.driverCard)
      .first()
    if (!driver) {
      ;[driver] = await db
        .table('drivers')
        .insert({
          company_id: companyId,
          name: `${DRIVER_NAMES[(index - 1) % DRIVER_NAMES.length]} ${index}`,
          card_id: profile.driverCard,
          status: 'active',
          created_at: now,
          updated_at: now,
        })
        .returning('*')
    }
    const values = {
      name,
      plate: `34 GEN ${String(index).padStart(3, '0')}`,
      protocol: 'teltonika',
      status: 'active',
      ownership: 'own',
      driver_id: driver.id,
      fuel_type: profile.averageConsumption > 15 ? 'diesel' : 'gasoline',
      tank_capacity: profile.tankCapacity,
      average_consumption: profile.averageConsumption,
      idle_consumption: profile.idleConsumption,
      speed_limit: profile.speedLimit,
      type: profile.averageConsumption > 15 ? 'truck' : profile.reefer ? 'van' : 'car',
      updated_at: now,
    }
    let device = await db.from('devices').where('imei', imei).first()
    if (device && device.company_id !== companyId) {
      throw new Error(`IMEI ${imei} belongs to another company`)
    }
    if (device) {
      await db.from('devices').where('id', device.id).update(values)
    } else {
      ;[device] = await db
        .table('devices')
        .insert({ ...values, company_id: companyId, imei, created_at: now })
        .returning('*')
    }
    vehicles.push({ id: device.id, imei, driverId: driver.id, index })
  }
  return vehicles
}

/** The vehicle's fuel and temperature hours and fuel level events, as COPY statements. */
function sensorCopies(rollup: Parameters<typeof fuelHourRows>[0]): [string, Buffer[]][] {
  const tables: [string, string, unknown[][]][] = [
    ['fuel_hours', FUEL_HOUR_COLUMNS, fuelHourRows(rollup)],
    ['temperature_hours', TEMPERATURE_HOUR_COLUMNS, temperatureHourRows(rollup)],
    ['fuel_level_events', FUEL_EVENT_COLUMNS, fuelEventRows(rollup)],
  ]
  return tables.map(([table, columns, rows]) => {
    const buffer = new CopyBuffer()
    for (const row of rows) {
      buffer.add(
        row.map((value) =>
          value instanceof Date ? value.toISOString() : (value as string | number | null)
        )
      )
    }
    return [`COPY ${table} (${columns}) FROM STDIN`, buffer.flush()]
  })
}

/** The vehicle's position hours, as a COPY statement. */
function positionHoursCopy(hours: PositionHours): [string, Buffer[]] {
  const buffer = new CopyBuffer()
  for (const row of hours.sorted()) {
    buffer.add(
      positionHourValues(row).map((value) =>
        value instanceof Date ? value.toISOString() : (value as number | null)
      )
    )
  }
  return [`COPY position_hours (${POSITION_HOUR_COLUMNS}) FROM STDIN`, buffer.flush()]
}

async function ensurePartitions(client: pg.ClientBase, from: DateTime, to: DateTime) {
  let month = from.toUTC().startOf('month')
  while (month <= to.toUTC()) {
    const next = month.plus({ months: 1 })
    const name = `positions_${month.toFormat('yyyy_MM')}`
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF positions FOR VALUES FROM ('${month.toISO()}') TO ('${next.toISO()}')`
    )
    month = next
  }
}

/**
 * Writes a realistic history for `vehicles` generated vehicles of a company over the last
 * `days` local days: the positions a Teltonika tracker would have sent go through the live
 * pipeline's enrichment (odometer, events in the spec's codes, the trip and stop detector),
 * and everything lands in the same tables as the live ingest, by COPY. The vehicles' earlier
 * generated history is replaced; the fuel log gets the fill-ups.
 */
export async function generateHistory(
  options: GenerateHistoryOptions
): Promise<GenerateHistoryResult> {
  const startedAt = performance.now()
  const seed = options.seed ?? 1
  const zone = options.timezone ?? 'Europe/Istanbul'
  const interval = options.intervalSeconds ?? 30
  const now = (options.now ?? DateTime.now()).setZone(zone)
  const from = now.startOf('day').minus({ days: options.days - 1 })
  const company = await db.from('companies').where('id', options.companyId).first()
  if (!company) throw new Error(`no company with id ${options.companyId}`)
  const settings = trackingSettings(company.tracking_settings)
  const vehicles = await generatedVehicles(options.companyId, options.vehicles, seed)
  const ids = vehicles.map((vehicle) => vehicle.id)

  const knex = db.connection().getWriteClient()
  const client = (await knex.client.acquireConnection()) as pg.ClientBase
  const result: GenerateHistoryResult = {
    vehicles: vehicles.length,
    positions: 0,
    events: 0,
    trips: 0,
    stops: 0,
    idles: 0,
    fuelEntries: 0,
    from,
    to: now,
    seconds: 0,
  }
  try {
    await ensurePartitions(client, from, now)
    for (const table of [
      'positions',
      'events',
      'trips',
      'stops',
      'idle_periods',
      'fuel_entries',
      'fuel_hours',
      'temperature_hours',
      'fuel_level_events',
      'position_hours',
    ]) {
      await client.query(`DELETE FROM ${table} WHERE device_id = ANY($1::int[])`, [ids])
    }
    await client.query('DELETE FROM device_states WHERE device_id = ANY($1::int[])', [ids])

    const states: { device: DeviceContext; state: LiveState }[] = []
    let pending: Promise<unknown> = Promise.resolve()
    for (const [done, vehicle] of vehicles.entries()) {
      const profile = vehicleProfile(vehicle.index, seed)
      const sim = initialSimulation(profile, seed)
      const device: DeviceContext = {
        id: vehicle.id,
        companyId: options.companyId,
        imei: vehicle.imei,
        protocol: 'teltonika',
        speedLimit: profile.speedLimit,
        tankCapacity: profile.tankCapacity,
        settings,
      }
      let state = initialLiveState()
      const positions = new CopyBuffer()
      const events = new CopyBuffer()
      const trips = new CopyBuffer()
      let tripColumnList: string | null = null
      const stops = new CopyBuffer()
      const idles = new CopyBuffer()
      const fuelLog: FuelLogDraft[] = []
      const sensors = new SensorRollup()
      const hours = new PositionHours()
      for (let day = from; day < now; day = day.plus({ days: 1 })) {
        const generated = simulateDay(
          profile,
          sim,
          day,
          { intervalSeconds: interval, seed, until: now.toMillis(), imei: vehicle.imei },
          fuelLog
        )
        if (generated.length === 0) continue
        // Let the previous vehicle's copy move on between two days of this one.
        await new Promise((resolve) => setImmediate(resolve))
        const receivedAt = new Date(generated[generated.length - 1].fixTime.getTime() + 1000)
        const enriched = enrich(device, state, generated, receivedAt)
        state = enriched.state
        mergeRollup(sensors, enriched.sensors)
        for (const p of enriched.positions) {
          hours.addPosition(device.companyId, device.id, p)
          positions.add([
            device.id,
            device.companyId,
            p.fixTime.toISOString(),
            p.fixTime.toISOString(),
            p.latitude,
            p.longitude,
            p.speed,
            p.course,
            p.altitude,
            p.satellites,
            p.valid ? 't' : 'f',
            JSON.stringify(p.attributes),
          ])
        }
        for (const event of enriched.events) {
          events.add([
            device.companyId,
            device.id,
            event.time.toISOString(),
            event.code,
            event.state,
            event.latitude,
            event.longitude,
            JSON.stringify(event.attributes),
          ])
        }
        for (const trip of enriched.trips) {
          const row = tripRow(device.companyId, device.id, trip)
          tripColumnList ??= tripColumns(row)
          trips.add(tripCopyFields(row, vehicle.driverId))
        }
        for (const stop of enriched.stops) {
          const row = stopRow(device.companyId, device.id, stop)
          stops.add([
            row.company_id,
            row.device_id,
            row.start_time.toISOString(),
            row.end_time.toISOString(),
            row.latitude,
            row.longitude,
            row.duration,
            row.engine_on_duration,
          ])
        }
        for (const idle of enriched.idles) {
          const row = idleRow(device.companyId, device.id, idle)
          idles.add([
            row.company_id,
            row.device_id,
            row.start_time.toISOString(),
            row.end_time.toISOString(),
            row.latitude,
            row.longitude,
            row.duration,
          ])
        }
      }
      const copies: [string, Buffer[]][] = [
        [`COPY positions (${POSITION_COLUMNS}) FROM STDIN`, positions.flush()],
        [`COPY events (${EVENT_COLUMNS}) FROM STDIN`, events.flush()],
        ...(tripColumnList
          ? [[`COPY trips (${tripColumnList}) FROM STDIN`, trips.flush()] as [string, Buffer[]]]
          : []),
        [`COPY stops (${STOP_COLUMNS}) FROM STDIN`, stops.flush()],
        [`COPY idle_periods (${IDLE_COLUMNS}) FROM STDIN`, idles.flush()],
        ...sensorCopies({ companyId: device.companyId, deviceId: device.id, sensors }),
        positionHoursCopy(hours),
      ]
      if (fuelLog.length > 0) {
        const entries = new CopyBuffer()
        const created = new Date().toISOString()
        for (const entry of fuelLog) {
          entries.add([
            device.companyId,
            device.id,
            vehicle.driverId,
            entry.date,
            entry.unitPriceCents,
            entry.litres,
            entry.totalCents,
            entry.voucherNo,
            entry.totalKm,
            entry.totalKm,
            entry.supplier,
            entry.totalCents,
            created,
            created,
          ])
        }
        copies.push([
          'COPY fuel_entries (company_id, device_id, driver_id, entry_date, unit_price_cents, litres, total_cents, voucher_no, total_km, gps_km, supplier, invoice_amount_cents, created_at, updated_at) FROM STDIN',
          entries.flush(),
        ])
      }
      // PostgreSQL stores this vehicle while the next one is simulated: its copies run one
      // after the other on the connection once the previous vehicle's are done.
      await pending
      pending = (async () => {
        for (const [sql, chunks] of copies) await copyFromStdin(client, sql, chunks)
      })()
      // A failed copy is thrown by the next `await pending`, not left unhandled meanwhile.
      pending.catch(() => {})
      result.positions += positions.rows
      result.events += events.rows
      result.trips += trips.rows
      result.stops += stops.rows
      result.idles += idles.rows
      result.fuelEntries += fuelLog.length
      states.push({ device, state })
      options.onVehicle?.(done + 1, vehicles.length, result.positions)
    }

    await pending

    for (const { device, state } of states) {
      await client.query(
        `INSERT INTO device_states (device_id, company_id, fix_time, server_time, last_seen_at,
           latitude, longitude, speed, course, altitude, satellites, valid, live_status, online,
           ignition, odometer, power, battery, attributes, detector, updated_at)
         VALUES ($1, $2, $3, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11, false, $12, $13, $14, $15,
           $16, $17, now())`,
        [
          device.id,
          device.companyId,
          state.fixTime === null ? null : new Date(state.fixTime),
          state.latitude,
          state.longitude,
          state.speed,
          state.course,
          state.altitude,
          state.satellites,
          state.valid,
          state.liveStatus,
          state.ignition,
          state.odometer,
          state.power,
          state.battery,
          JSON.stringify(state.attributes),
          JSON.stringify({
            ...state.detector,
            overspeed: state.overspeed,
            sensors: state.sensors,
            plausibility: state.plausibility,
          }),
        ]
      )
    }
    await client.query('ANALYZE positions')
    await client.query('ANALYZE events')
    await client.query('ANALYZE trips')
    await client.query('ANALYZE stops')
    await client.query('ANALYZE idle_periods')
    await client.query('ANALYZE fuel_hours')
    await client.query('ANALYZE temperature_hours')
    await client.query('ANALYZE fuel_level_events')
    await client.query('ANALYZE position_hours')
  } finally {
    await knex.client.releaseConnection(client)
  }
  result.seconds = (performance.now() - startedAt) / 1000
  return result
}
