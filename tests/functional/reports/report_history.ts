import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { rebuildTrips } from '#actions/tracking/rebuild_trips'
import { rebuildPositionHours } from '#actions/tracking/rebuild_position_hours'
import { ensurePositionPartitions } from '#tests/functional/live/live_fixtures'

/**
 * Histories for the report tests, written as positions and turned into trips, stops and
 * idle periods by the same detector the ingest uses (`rebuildTrips`).
 */
export interface Segment {
  /** How many samples (one every `step` seconds). */
  samples: number
  speed: number
  ignition: boolean
  driverUniqueId?: string
}

export interface Sample {
  time: DateTime
  speed: number
  ignition: boolean
  /** metres; grows by the previous sample's speed over the interval */
  odometer: number
  latitude: number
  longitude: number
  driverUniqueId?: string
}

export function samplesOf(
  start: DateTime,
  segments: Segment[],
  options: { step?: number; odometer?: number } = {}
): Sample[] {
  const step = options.step ?? 60
  const samples: Sample[] = []
  let odometer = options.odometer ?? 100_000
  let previousSpeed = 0
  let time = start
  for (const segment of segments) {
    for (let index = 0; index < segment.samples; index++) {
      if (samples.length > 0) odometer += (previousSpeed * step) / 3.6
      samples.push({
        time,
        speed: segment.speed,
        ignition: segment.ignition,
        odometer: Math.round(odometer * 10) / 10,
        latitude: 41 + odometer / 111_000,
        longitude: 29.1,
        driverUniqueId: segment.driverUniqueId,
      })
      previousSpeed = segment.speed
      time = time.plus({ seconds: step })
    }
  }
  return samples
}

/**
 * Stores the samples as positions and rebuilds the vehicle's trips, stops and idles, and
 * position hours.
 */
export async function storeHistory(vehicle: { id: number }, companyId: number, samples: Sample[]) {
  const first = samples[0].time
  const last = samples[samples.length - 1].time
  await ensurePositionPartitions(first, last)
  for (let offset = 0; offset < samples.length; offset += 1000) {
    await db.table('positions').multiInsert(
      samples.slice(offset, offset + 1000).map((sample) => ({
        device_id: vehicle.id,
        company_id: companyId,
        fix_time: sample.time.toJSDate(),
        server_time: sample.time.toJSDate(),
        latitude: sample.latitude,
        longitude: sample.longitude,
        speed: sample.speed,
        course: 0,
        altitude: 0,
        satellites: 9,
        valid: true,
        attributes: JSON.stringify({
          ignition: sample.ignition,
          odometer: sample.odometer,
          ...(sample.driverUniqueId ? { driverUniqueId: sample.driverUniqueId } : {}),
        }),
      }))
    )
  }
  await rebuildTrips(vehicle.id, first.toJSDate(), last.plus({ seconds: 1 }).toJSDate())
  await rebuildPositionHours(vehicle.id, first.toJSDate(), last.toJSDate())
}

export async function addDriver(companyId: number, name: string, cardId: string | null = null) {
  const [row] = await db
    .table('drivers')
    .insert({ company_id: companyId, name, card_id: cardId, created_at: new Date() })
    .returning('id')
  return row.id as number
}

export async function assignDriver(
  companyId: number,
  deviceId: number,
  driverId: number,
  from: DateTime,
  to: DateTime | null = null
) {
  await db.table('driver_assignments').insert({
    company_id: companyId,
    device_id: deviceId,
    driver_id: driverId,
    started_at: from.toJSDate(),
    ended_at: to?.toJSDate() ?? null,
  })
}

export async function addEventAt(
  vehicle: { id: number },
  companyId: number,
  sample: Sample,
  code: string,
  state: 'A' | 'F' | null = null
) {
  await db.table('events').insert({
    company_id: companyId,
    device_id: vehicle.id,
    event_time: sample.time.toJSDate(),
    code,
    state,
    latitude: sample.latitude,
    longitude: sample.longitude,
  })
}

export const place = (sample: Sample) =>
  `${sample.latitude.toFixed(6)}, ${sample.longitude.toFixed(6)}`
