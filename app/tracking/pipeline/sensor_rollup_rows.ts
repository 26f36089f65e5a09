import { SensorRollup } from './sensor_rollup.js'

/** An upsert with its own $1..$n placeholders, one array per placeholder (bound through unnest). */
export interface SensorStatement {
  sql: string
  values: unknown[][]
}

interface DeviceRollup {
  companyId: number
  deviceId: number
  sensors: SensorRollup
}

const date = (time: number | null) => (time === null ? null : new Date(time))

/**
 * The upserts storing the rollups of a batch, merged per key first (a statement may not
 * touch a row twice). The ON CONFLICT clauses merge exactly as `mergeFuelHour`,
 * `mergeTemperatureHour` and `SensorRollup.addFuelEvent` do, so an hour filled over several
 * batches ends the same as one filled at once.
 */
export function sensorRollupStatements(
  written: { device: { id: number; companyId: number }; sensors?: SensorRollup }[]
): SensorStatement[] {
  const units = written.flatMap(({ device, sensors }) =>
    sensors && !sensors.empty ? [{ companyId: device.companyId, deviceId: device.id, sensors }] : []
  )
  const perDevice = new Map<number, DeviceRollup>()
  for (const unit of units) {
    const existing = perDevice.get(unit.deviceId)
    if (!existing) {
      perDevice.set(unit.deviceId, {
        ...unit,
        sensors: mergeRollup(new SensorRollup(), unit.sensors),
      })
    } else {
      mergeRollup(existing.sensors, unit.sensors)
    }
  }
  const devices = [...perDevice.values()].sort((a, b) => a.deviceId - b.deviceId)
  return [
    fuelHoursStatement(devices),
    temperatureHoursStatement(devices),
    fuelEventsStatement(devices),
  ].filter((statement): statement is SensorStatement => statement !== null)
}

/** Adds `source`'s rows to `target` (merging rows of the same key). */
export function mergeRollup(target: SensorRollup, source: SensorRollup) {
  for (const row of source.fuelHours.values()) target.addFuelHour(row)
  for (const row of source.temperatureHours.values()) target.addTemperatureHour(row)
  for (const event of source.fuelEvents.values()) target.addFuelEvent(event)
  return target
}

function columnsOf(rows: unknown[][]): unknown[][] {
  if (rows.length === 0) return []
  return rows[0].map((_, index) => rows.map((row) => row[index]))
}

export function fuelHourRows({ companyId, deviceId, sensors }: DeviceRollup): unknown[][] {
  return [...sensors.fuelHours.values()].map((row) => [
    companyId,
    deviceId,
    new Date(row.hour),
    date(row.firstTime),
    row.firstLevel,
    date(row.lastTime),
    row.lastLevel,
    row.minUsed,
    row.maxUsed,
  ])
}

export function temperatureHourRows({ companyId, deviceId, sensors }: DeviceRollup): unknown[][] {
  return [...sensors.temperatureHours.values()].map((row) => [
    companyId,
    deviceId,
    row.sensor,
    new Date(row.hour),
    row.readings,
    row.min,
    row.max,
    row.sum,
    row.seconds,
    new Date(row.lastTime),
    row.lastValue,
    row.lastSeconds,
    JSON.stringify(row.valueSeconds),
  ])
}

export function fuelEventRows({ companyId, deviceId, sensors }: DeviceRollup): unknown[][] {
  return [...sensors.fuelEvents.values()].map((event) => [
    companyId,
    deviceId,
    event.kind,
    new Date(event.startTime),
    new Date(event.endTime),
    event.litres,
    event.levelBefore,
    event.levelAfter,
    event.latitude,
    event.longitude,
  ])
}

export const FUEL_HOUR_COLUMNS =
  'company_id, device_id, hour, first_time, first_level, last_time, last_level, min_used, max_used'
export const TEMPERATURE_HOUR_COLUMNS =
  'company_id, device_id, sensor, hour, readings, min_value, max_value, sum_value, seconds, last_time, last_value, last_seconds, value_seconds'
export const FUEL_EVENT_COLUMNS =
  'company_id, device_id, kind, start_time, end_time, litres, level_before, level_after, latitude, longitude'

function fuelHoursStatement(devices: DeviceRollup[]): SensorStatement | null {
  const rows = devices.flatMap(fuelHourRows)
  if (rows.length === 0) return null
  return {
    sql: `INSERT INTO fuel_hours AS h (${FUEL_HOUR_COLUMNS})
       SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[],
         $5::float8[], $6::timestamptz[], $7::float8[], $8::float8[], $9::float8[])
       ON CONFLICT (device_id, hour) DO UPDATE SET
         first_time = CASE WHEN h.first_time IS NULL OR EXCLUDED.first_time < h.first_time
           THEN EXCLUDED.first_time ELSE h.first_time END,
         first_level = CASE WHEN h.first_time IS NULL OR EXCLUDED.first_time < h.first_time
           THEN EXCLUDED.first_level ELSE h.first_level END,
         last_time = CASE WHEN h.last_time IS NULL OR EXCLUDED.last_time > h.last_time
           THEN EXCLUDED.last_time ELSE h.last_time END,
         last_level = CASE WHEN h.last_time IS NULL OR EXCLUDED.last_time > h.last_time
           THEN EXCLUDED.last_level ELSE h.last_level END,
         min_used = least(h.min_used, EXCLUDED.min_used),
         max_used = greatest(h.max_used, EXCLUDED.max_used)`,
    values: columnsOf(rows),
  }
}

function temperatureHoursStatement(devices: DeviceRollup[]): SensorStatement | null {
  const rows = devices.flatMap(temperatureHourRows)
  if (rows.length === 0) return null
  return {
    sql: `INSERT INTO temperature_hours AS h (${TEMPERATURE_HOUR_COLUMNS})
       SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::timestamptz[], $5::int[],
         $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::timestamptz[],
         $11::float8[], $12::float8[], $13::jsonb[])
       ON CONFLICT (device_id, sensor, hour) DO UPDATE SET
         readings = h.readings + EXCLUDED.readings,
         min_value = least(h.min_value, EXCLUDED.min_value),
         max_value = greatest(h.max_value, EXCLUDED.max_value),
         sum_value = h.sum_value + EXCLUDED.sum_value,
         seconds = h.seconds + EXCLUDED.seconds,
         last_time = greatest(h.last_time, EXCLUDED.last_time),
         last_value = CASE WHEN EXCLUDED.last_time > h.last_time
           THEN EXCLUDED.last_value ELSE h.last_value END,
         last_seconds = CASE WHEN EXCLUDED.last_time > h.last_time THEN EXCLUDED.last_seconds
           WHEN EXCLUDED.last_time < h.last_time THEN h.last_seconds
           ELSE greatest(h.last_seconds, EXCLUDED.last_seconds) END,
         value_seconds = (SELECT jsonb_object_agg(v.key, v.seconds)
           FROM (SELECT key, sum(value::float8) AS seconds
             FROM (SELECT * FROM jsonb_each_text(h.value_seconds)
               UNION ALL SELECT * FROM jsonb_each_text(EXCLUDED.value_seconds)) parts
             GROUP BY key) v)`,
    values: columnsOf(rows),
  }
}

function fuelEventsStatement(devices: DeviceRollup[]): SensorStatement | null {
  const rows = devices.flatMap(fuelEventRows)
  if (rows.length === 0) return null
  return {
    sql: `INSERT INTO fuel_level_events AS e (${FUEL_EVENT_COLUMNS})
       SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::timestamptz[],
         $5::timestamptz[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[])
       ON CONFLICT (device_id, start_time) DO UPDATE SET
         end_time = EXCLUDED.end_time, litres = EXCLUDED.litres, level_after = EXCLUDED.level_after
       WHERE EXCLUDED.end_time >= e.end_time`,
    values: columnsOf(rows),
  }
}
