import db from '@adonisjs/lucid/services/db'
import {
  HOUR_MS,
  SensorRollup,
  hourOf,
  initialSensorState,
  rollUp,
  type SensorState,
  sensorRollupStatements,
  pgArrayLiteral,
} from '#tracking/rebuild'

const BATCH = 5000

/**
 * Recomputes a device's fuel and temperature hours and fuel level events for the whole hours
 * from `from` to `to` from its stored positions, with the rollup ingest uses. The replay reads
 * one hour past the end, so the last readings' time to the next one is counted as at ingest.
 * The level before the first hour is taken from the last reading before it; the fuel level
 * filter (sloshing) runs as at ingest, with the vehicle's tank capacity.
 */
export async function rebuildSensorRollups(deviceId: number, from: Date, to: Date) {
  const device = await db
    .from('devices')
    .where('id', deviceId)
    .select('company_id', 'tank_capacity')
    .firstOrFail()
  const tankCapacity = device.tank_capacity === null ? null : Number(device.tank_capacity)
  const start = hourOf(from.getTime())
  const end = hourOf(to.getTime()) + HOUR_MS
  const previous = await db
    .from('positions')
    .where('device_id', deviceId)
    .where('fix_time', '<', new Date(start))
    .whereRaw(`attributes->>'fuel' IS NOT NULL`)
    .orderBy('fix_time', 'desc')
    .select('attributes')
    .first()
  const before: number | null =
    typeof previous?.attributes?.fuel === 'number' ? previous.attributes.fuel : null
  let state: SensorState = {
    ...initialSensorState(),
    fuel: before,
    fuelFilter: { level: before, window: [] },
  }
  const rollup = new SensorRollup()
  let cursor = new Date(start)
  let first = true
  for (;;) {
    const rows = await db
      .from('positions')
      .where('device_id', deviceId)
      .where('fix_time', first ? '>=' : '>', cursor)
      .where('fix_time', '<', new Date(end + HOUR_MS))
      .orderBy('fix_time')
      .limit(BATCH)
      .select('fix_time', 'latitude', 'longitude', 'speed', 'attributes')
    first = false
    for (const row of rows) {
      state = rollUp(
        state,
        {
          time: new Date(row.fix_time).getTime(),
          speed: row.speed,
          latitude: row.latitude,
          longitude: row.longitude,
          attributes: row.attributes ?? {},
          tankCapacity,
        },
        rollup
      )
    }
    if (rows.length < BATCH) break
    cursor = new Date(rows[rows.length - 1].fix_time)
  }
  // Only the rebuilt hours: the hour past the end was read for the last readings' durations.
  const kept = new SensorRollup()
  for (const row of rollup.fuelHours.values()) if (row.hour < end) kept.addFuelHour(row)
  for (const row of rollup.temperatureHours.values()) {
    if (row.hour >= start && row.hour < end) kept.addTemperatureHour(row)
  }
  for (const event of rollup.fuelEvents.values())
    if (event.startTime < end) kept.addFuelEvent(event)

  const statements = sensorRollupStatements([
    { device: { id: deviceId, companyId: device.company_id }, sensors: kept },
  ])
  await db.transaction(async (trx) => {
    const range = [deviceId, new Date(start), new Date(end)]
    await trx.rawQuery(
      'DELETE FROM fuel_hours WHERE device_id = ? AND hour >= ? AND hour < ?',
      range
    )
    await trx.rawQuery(
      'DELETE FROM temperature_hours WHERE device_id = ? AND hour >= ? AND hour < ?',
      range
    )
    await trx.rawQuery(
      'DELETE FROM fuel_level_events WHERE device_id = ? AND start_time >= ? AND start_time < ?',
      range
    )
    for (const statement of statements) {
      // Each placeholder appears once and in order, so knex's `?` bindings fit.
      await trx.rawQuery(statement.sql.replace(/\$\d+/g, '?'), statement.values.map(pgArrayLiteral))
    }
  })
  return {
    fuelHours: kept.fuelHours.size,
    temperatureHours: kept.temperatureHours.size,
    fuelEvents: kept.fuelEvents.size,
  }
}
