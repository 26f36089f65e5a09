import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Company from '#models/company'

/**
 * Tracking data for the live screens' tests, written in SQL the way the ingest pipeline writes
 * it: vehicles, their live state, positions (with the month partitions they need), trips,
 * stops and events.
 */
let sequence = 0

export async function createVehicle(
  company: Pick<Company, 'id'>,
  values: Record<string, unknown> = {}
): Promise<{ id: number; imei: string; name: string }> {
  sequence++
  const imei = `77${String(Date.now()).slice(-9)}${String(sequence).padStart(4, '0')}`
  const [row] = await db
    .table('devices')
    .insert({
      company_id: company.id,
      name: `Vehicle ${sequence}`,
      imei,
      protocol: 'teltonika',
      status: 'active',
      ownership: 'own',
      created_at: new Date(),
      updated_at: new Date(),
      ...values,
    })
    .returning(['id', 'imei', 'name'])
  return { id: row.id, imei: row.imei, name: row.name }
}

export async function setVehicleState(
  vehicle: { id: number },
  company: Pick<Company, 'id'>,
  values: Record<string, unknown> = {}
) {
  const { attributes, detector, ...rest } = values
  await db.table('device_states').insert({
    device_id: vehicle.id,
    company_id: company.id,
    fix_time: new Date(),
    server_time: new Date(),
    last_seen_at: new Date(),
    latitude: 41.0,
    longitude: 29.0,
    speed: 0,
    course: 0,
    valid: true,
    live_status: 'stopped',
    online: true,
    attributes: JSON.stringify(attributes ?? {}),
    detector: JSON.stringify(detector ?? {}),
    updated_at: new Date(),
    ...rest,
  })
}

/** Creates the monthly partitions of positions that cover [from, to]. */
export async function ensurePositionPartitions(from: DateTime, to: DateTime) {
  let month = from.toUTC().startOf('month')
  while (month <= to.toUTC()) {
    const next = month.plus({ months: 1 })
    const name = `positions_${month.toFormat('yyyy_MM')}`
    try {
      await db.rawQuery(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF positions FOR VALUES FROM ('${month.toISO()}') TO ('${next.toISO()}')`
      )
    } catch (error) {
      if (!/already exists/.test(String(error))) throw error
    }
    month = next
  }
}

export interface SeededPosition {
  fixTime: DateTime
  latitude: number
  longitude: number
  speed: number
  course: number
  valid: boolean
}

/**
 * A trip of `count` positions every `intervalSeconds` from `start`, heading north-east at
 * `speed` km/h, with the invalid fixes at the given indexes, and its trips row.
 */
export async function seedTrip(
  vehicle: { id: number },
  company: Pick<Company, 'id'>,
  options: {
    start: DateTime
    count?: number
    intervalSeconds?: number
    speed?: number
    invalidAt?: number[]
  }
) {
  const count = options.count ?? 30
  const interval = options.intervalSeconds ?? 30
  const speed = options.speed ?? 54
  const positions: SeededPosition[] = []
  for (let index = 0; index < count; index++) {
    positions.push({
      fixTime: options.start.plus({ seconds: index * interval }),
      latitude: 41.0 + index * 0.001,
      longitude: 29.0 + index * 0.001,
      speed: index === 0 ? 0 : speed + (index % 5),
      course: 45,
      valid: !(options.invalidAt ?? []).includes(index),
    })
  }
  const end = positions[positions.length - 1].fixTime
  await ensurePositionPartitions(options.start, end)
  await db.table('positions').multiInsert(
    positions.map((position, index) => ({
      device_id: vehicle.id,
      company_id: company.id,
      fix_time: position.fixTime.toJSDate(),
      server_time: position.fixTime.plus({ seconds: 1 }).toJSDate(),
      latitude: position.latitude,
      longitude: position.longitude,
      speed: position.speed,
      course: position.course,
      altitude: 100 + index,
      satellites: 9,
      valid: position.valid,
      attributes: JSON.stringify({ ignition: true, odometer: 1000 + index * 100 }),
    }))
  )
  const duration = end.diff(options.start, 'seconds').seconds
  const distance = (count - 1) * 100
  await addTrip(vehicle, company, {
    start: options.start,
    end,
    distance,
    duration,
    maxSpeed: speed + 4,
  })
  return { positions, start: options.start, end, distance, duration }
}

export async function addTrip(
  vehicle: { id: number },
  company: Pick<Company, 'id'>,
  trip: { start: DateTime; end?: DateTime; distance: number; duration: number; maxSpeed?: number }
) {
  const end = trip.end ?? trip.start.plus({ seconds: trip.duration })
  await db.table('trips').insert({
    company_id: company.id,
    device_id: vehicle.id,
    start_time: trip.start.toJSDate(),
    end_time: end.toJSDate(),
    start_latitude: 41,
    start_longitude: 29,
    end_latitude: 41.05,
    end_longitude: 29.05,
    distance: trip.distance,
    max_speed: trip.maxSpeed ?? 80,
    average_speed: Math.round(trip.distance / 1000 / (trip.duration / 3600)),
    duration: trip.duration,
    idle_duration: 0,
    start_odometer: 0,
    end_odometer: trip.distance,
  })
}

export async function addStop(
  vehicle: { id: number },
  company: Pick<Company, 'id'>,
  stop: { start: DateTime; duration: number }
) {
  await db.table('stops').insert({
    company_id: company.id,
    device_id: vehicle.id,
    start_time: stop.start.toJSDate(),
    end_time: stop.start.plus({ seconds: stop.duration }).toJSDate(),
    latitude: 41.02,
    longitude: 29.02,
    duration: stop.duration,
    engine_on_duration: 0,
  })
}

export async function addEvent(
  vehicle: { id: number },
  company: Pick<Company, 'id'>,
  event: { code: string; state?: 'A' | 'F' | null; time?: DateTime }
) {
  await db.table('events').insert({
    company_id: company.id,
    device_id: vehicle.id,
    event_time: (event.time ?? DateTime.now()).toJSDate(),
    code: event.code,
    state: event.state ?? null,
    latitude: 41.01,
    longitude: 29.01,
  })
}
