import db from '@adonisjs/lucid/services/db'
import { trackingSettings } from '#tracking/tracking_settings'
import {
  detect,
  initialDetectorState,
  type DetectedIdle,
  type DetectedStop,
  type DetectedTrip,
  idleRow,
  stopRow,
  tripDriverSql,
  tripRow,
  driverCard,
  hasGpsFlag,
} from '#tracking/rebuild'

const BATCH = 5000

/**
 * Recomputes a device's trips and stops between two times from its stored
 * positions, with the same detector ingest uses. The replay starts at the start
 * of the trip in progress at `from` (if any), so the trips it writes are the ones
 * ingest would have written. Fixes flagged implausible at ingest (`attributes.flags`) are
 * skipped, and the odometer read is the cleaned one ingest stored, so the judgments agree.
 */
export async function rebuildTrips(deviceId: number, from: Date, to: Date) {
  const device = await db
    .from('devices')
    .join('companies', 'companies.id', 'devices.company_id')
    .where('devices.id', deviceId)
    .select(
      'devices.id',
      'devices.company_id',
      'devices.speed_limit',
      'companies.tracking_settings'
    )
    .firstOrFail()
  const settings = trackingSettings(device.tracking_settings)
  const openTrip = await db
    .from('trips')
    .where('device_id', deviceId)
    .where('start_time', '<', from)
    .where('end_time', '>=', from)
    .orderBy('start_time', 'desc')
    .first()
  const replayFrom: Date = openTrip ? new Date(openTrip.start_time) : from

  const trips: DetectedTrip[] = []
  const stops: DetectedStop[] = []
  const idles: DetectedIdle[] = []
  let state = initialDetectorState()
  let odometer = 0
  let ignition: boolean | undefined
  let card: string | null = null
  let cursor = replayFrom
  let first = true
  for (;;) {
    const rows = await db
      .from('positions')
      .where('device_id', deviceId)
      .where('valid', true)
      .where('fix_time', first ? '>=' : '>', cursor)
      .where('fix_time', '<=', to)
      .orderBy('fix_time')
      .limit(BATCH)
      .select('fix_time', 'latitude', 'longitude', 'speed', 'attributes')
    first = false
    for (const row of rows) {
      const attributes = row.attributes ?? {}
      if (typeof attributes.odometer === 'number') odometer = attributes.odometer
      // As at ingest: a fix judged implausible feeds no trip (its odometer is the cleaned one).
      if (hasGpsFlag(attributes)) continue
      // As at ingest: the last ignition and driver card reported stay until the next report.
      if (typeof attributes.ignition === 'boolean') ignition = attributes.ignition
      if (attributes.driverUniqueId !== undefined) card = driverCard(attributes.driverUniqueId)
      const result = detect(
        state,
        {
          time: new Date(row.fix_time).getTime(),
          latitude: row.latitude,
          longitude: row.longitude,
          odometer,
          speed: row.speed,
          ignition,
          speedLimit: device.speed_limit ?? null,
          driverCardId: card,
        },
        settings
      )
      state = result.state
      if (result.trip) trips.push(result.trip)
      if (result.stop) stops.push(result.stop)
      if (result.idle) idles.push(result.idle)
    }
    if (rows.length < BATCH) break
    cursor = new Date(rows[rows.length - 1].fix_time)
  }

  await db.transaction(async (trx) => {
    for (const table of ['trips', 'stops', 'idle_periods']) {
      await trx
        .from(table)
        .where('device_id', deviceId)
        .where('start_time', '>=', replayFrom)
        .where('start_time', '<=', to)
        .delete()
    }
    const tripRows = trips.map((trip) => tripRow(device.company_id, deviceId, trip))
    const stopRows = stops.map((stop) => stopRow(device.company_id, deviceId, stop))
    if (tripRows.length > 0) await trx.table('trips').multiInsert(tripRows)
    if (stopRows.length > 0) await trx.table('stops').multiInsert(stopRows)
    const idleRows = idles.map((idle) => idleRow(device.company_id, deviceId, idle))
    if (idleRows.length > 0) await trx.table('idle_periods').multiInsert(idleRows)
    await trx.rawQuery(
      `UPDATE trips t SET driver_id = ${tripDriverSql('t')}
       WHERE t.device_id = ? AND t.start_time >= ? AND t.start_time <= ?`,
      [deviceId, replayFrom, to]
    )
  })
  return { trips: trips.length, stops: stops.length, idles: idles.length, replayFrom }
}
