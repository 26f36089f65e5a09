import type { PositionRow } from './enrich.js'

const HOUR_MS = 3_600_000

/**
 * One device's UTC hour of positions (times in ms): the first and last fix of any position,
 * and the first and last position with an odometer (metres). See the position_hours
 * migration.
 */
export interface PositionHour {
  companyId: number
  deviceId: number
  hour: number
  firstFix: number
  lastFix: number
  firstOdometerTime: number | null
  firstOdometer: number | null
  lastOdometerTime: number | null
  lastOdometer: number | null
}

/**
 * Position hours of any number of devices, merged per (device, hour) as the upsert's
 * ON CONFLICT merges a row already stored: first and last by time, the row held first
 * winning a tie (as positions keep the first of a resent fix time). So positions added in
 * several parts end the same as all at once, and adding one twice changes nothing.
 */
export class PositionHours {
  readonly rows = new Map<string, PositionHour>()

  addPosition(companyId: number, deviceId: number, position: PositionRow) {
    const time = position.fixTime.getTime()
    const odometer = position.attributes.odometer
    const has = typeof odometer === 'number' && Number.isFinite(odometer)
    this.add({
      companyId,
      deviceId,
      hour: Math.floor(time / HOUR_MS) * HOUR_MS,
      firstFix: time,
      lastFix: time,
      firstOdometerTime: has ? time : null,
      firstOdometer: has ? odometer : null,
      lastOdometerTime: has ? time : null,
      lastOdometer: has ? odometer : null,
    })
  }

  add(row: PositionHour) {
    const key = `${row.deviceId}:${row.hour}`
    const held = this.rows.get(key)
    if (!held) {
      this.rows.set(key, { ...row })
      return
    }
    held.firstFix = Math.min(held.firstFix, row.firstFix)
    held.lastFix = Math.max(held.lastFix, row.lastFix)
    if (
      row.firstOdometerTime !== null &&
      (held.firstOdometerTime === null || row.firstOdometerTime < held.firstOdometerTime)
    ) {
      held.firstOdometerTime = row.firstOdometerTime
      held.firstOdometer = row.firstOdometer
    }
    if (
      row.lastOdometerTime !== null &&
      (held.lastOdometerTime === null || row.lastOdometerTime > held.lastOdometerTime)
    ) {
      held.lastOdometerTime = row.lastOdometerTime
      held.lastOdometer = row.lastOdometer
    }
  }

  /** Rows ordered by device and hour (the order every batch locks them in). */
  sorted(): PositionHour[] {
    return [...this.rows.values()].sort((a, b) => a.deviceId - b.deviceId || a.hour - b.hour)
  }
}

export const POSITION_HOUR_COLUMNS =
  'company_id, device_id, hour, first_fix, last_fix, first_odometer_time, first_odometer, last_odometer_time, last_odometer'

/** The upsert's merge of a row into the stored one (aliased `h`), as `PositionHours.add`. */
export const POSITION_HOUR_MERGE = `ON CONFLICT (device_id, hour) DO UPDATE SET
         first_fix = least(h.first_fix, EXCLUDED.first_fix),
         last_fix = greatest(h.last_fix, EXCLUDED.last_fix),
         first_odometer = CASE WHEN h.first_odometer_time IS NULL
             OR EXCLUDED.first_odometer_time < h.first_odometer_time
           THEN EXCLUDED.first_odometer ELSE h.first_odometer END,
         first_odometer_time = CASE WHEN h.first_odometer_time IS NULL
             OR EXCLUDED.first_odometer_time < h.first_odometer_time
           THEN EXCLUDED.first_odometer_time ELSE h.first_odometer_time END,
         last_odometer = CASE WHEN h.last_odometer_time IS NULL
             OR EXCLUDED.last_odometer_time > h.last_odometer_time
           THEN EXCLUDED.last_odometer ELSE h.last_odometer END,
         last_odometer_time = CASE WHEN h.last_odometer_time IS NULL
             OR EXCLUDED.last_odometer_time > h.last_odometer_time
           THEN EXCLUDED.last_odometer_time ELSE h.last_odometer_time END`

const date = (time: number | null) => (time === null ? null : new Date(time))

/** A row's values in POSITION_HOUR_COLUMNS order. */
export function positionHourValues(row: PositionHour): unknown[] {
  return [
    row.companyId,
    row.deviceId,
    new Date(row.hour),
    new Date(row.firstFix),
    new Date(row.lastFix),
    date(row.firstOdometerTime),
    row.firstOdometer,
    date(row.lastOdometerTime),
    row.lastOdometer,
  ]
}

/** The hours of a batch's positions, merged per (device, hour). */
export function positionHoursOf(
  units: { device: { id: number; companyId: number }; positions: PositionRow[] }[]
): PositionHour[] {
  const hours = new PositionHours()
  for (const unit of units) {
    for (const position of unit.positions) {
      hours.addPosition(unit.device.companyId, unit.device.id, position)
    }
  }
  return hours.sorted()
}

/**
 * The upsert of position hours (one row per key: a statement may not touch a row twice),
 * with its own $1..$n placeholders, one array per placeholder (bound through unnest). Its
 * ON CONFLICT merges as `PositionHours.add`. Null without rows.
 */
export function positionHoursStatement(
  rows: PositionHour[]
): { sql: string; values: unknown[][] } | null {
  if (rows.length === 0) return null
  const values: unknown[][] = Array.from({ length: 9 }, () => [])
  for (const row of rows) {
    positionHourValues(row).forEach((value, index) => values[index].push(value))
  }
  return {
    sql: `INSERT INTO position_hours AS h (${POSITION_HOUR_COLUMNS})
       SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[],
         $5::timestamptz[], $6::timestamptz[], $7::float8[], $8::timestamptz[], $9::float8[])
       ${POSITION_HOUR_MERGE}`,
    values,
  }
}
