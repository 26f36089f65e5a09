import type { ReportScope } from '#reports/engine/definition'
import {
  alarmCodesSql,
  boundaryDates,
  dayBoundaries,
  fuelSql,
  odometerIntervalsSql,
  odometerSourceFor,
  vehicleFilterSql,
  type VehicleParams,
} from '#reports/telematics'
import { distanceSourcesSql } from '#queries/fleet/distance_source'

/**
 * One row per chosen vehicle and local day of the period (or per vehicle for the whole
 * period): the figures the summaries, distance and travel-time reports show.
 *
 * - distance: odometer difference at the day's boundaries (so days add up to the month);
 * - trips, driving (trip time), tripDistance, maxSpeed, averageSpeed: trips that started
 *   that day;
 * - idle: idle periods (engine on, standing, 5 min or more) that started that day;
 * - parked: parkings (stops) that started that day;
 * - alarms: alarm events of that day (see ALARM_CODES_SQL);
 * - fuel: the day's distance at the vehicle's l/100 km plus idle hours at its l/h.
 *
 * Odometer figures keep four decimals of a km (the odometer's decimetre), so the days of a
 * month add up to the month exactly.
 *
 * `parts` leaves out what a report does not show (their columns then read 0 or null).
 *
 * Columns (camelCase): deviceId, vehicle, plate, day, startOdometer, endOdometer,
 * distance (km), trips, tripDistance (km), driving, idle, parked (s), maxSpeed, averageSpeed,
 * alarms, fuel (l), distanceSource ("odometer" / "gps", with `parts.source`).
 */
export interface VehicleDayParts {
  /** Odometer distance (every vehicle-day row; else only vehicle-days with trips). */
  odometer: boolean
  idle: boolean
  parked: boolean
  alarms: boolean
  /**
   * Where each vehicle's distance comes from ("odometer" / "gps", see distance_source.ts), for
   * the vehicles with distance or trips in the period (null for the others).
   */
  source?: boolean
}

const ALL_PARTS: VehicleDayParts = { odometer: true, idle: true, parked: true, alarms: true }

export function vehicleDaysSql(
  scope: ReportScope<VehicleParams>,
  whole: boolean,
  parts: VehicleDayParts = ALL_PARTS
) {
  const { context, period } = scope
  const zone = context.timezone
  const from = period.from.toJSDate()
  const to = period.to.toJSDate()
  const filter = vehicleFilterSql('dv', context.companyId, scope.params)
  const bindings: unknown[] = []

  // The day a row of a dated table belongs to: its local date, or the period's first day.
  const dayOf = (column: string) => {
    if (whole) {
      bindings.push(period.from.toISODate())
      return '?::date'
    }
    bindings.push(zone)
    return `(${column} AT TIME ZONE ?)::date`
  }
  const inPeriod = (table: string, column: string) => {
    bindings.push(context.companyId, from, to)
    return `${table}.company_id = ? AND ${table}.${column} >= ? AND ${table}.${column} < ?`
  }

  bindings.push(...filter.bindings)
  const ctes = [`chosen AS (SELECT dv.id FROM devices dv WHERE ${filter.sql})`]
  if (parts.odometer) {
    // Always per local day, summed over the period when it is one row: the days add up to
    // the period exactly, the cap of each day included.
    bindings.push(zone, boundaryDates(scope), ...filter.bindings)
    const source = odometerSourceFor(dayBoundaries(period))
    ctes.push(
      whole
        ? `day_intervals AS (${odometerIntervalsSql(filter.sql, source)}),
    intervals AS (SELECT device_id, min(day) AS day,
      (array_agg(start_odometer ORDER BY day_start))[1] AS start_odometer,
      (array_agg(end_odometer ORDER BY day_start DESC))[1] AS end_odometer,
      sum(distance) AS distance
    FROM day_intervals GROUP BY device_id)`
        : `intervals AS (${odometerIntervalsSql(filter.sql, source)})`
    )
  }
  ctes.push(`trip_days AS (
    SELECT t.device_id, ${dayOf('t.start_time')} AS day, count(*)::int AS trips,
      sum(t.distance) AS trip_distance, sum(t.duration)::bigint AS driving,
      max(t.max_speed) AS max_speed
    FROM trips t JOIN chosen ON chosen.id = t.device_id
    WHERE ${inPeriod('t', 'start_time')}
    GROUP BY 1, 2)`)
  if (parts.idle) {
    ctes.push(`idle_days AS (
    SELECT x.device_id, ${dayOf('x.start_time')} AS day, sum(x.duration)::bigint AS idle
    FROM idle_periods x JOIN chosen ON chosen.id = x.device_id
    WHERE ${inPeriod('x', 'start_time')} AND x.duration >= 300
    GROUP BY 1, 2)`)
  }
  if (parts.parked) {
    ctes.push(`stop_days AS (
    SELECT s.device_id, ${dayOf('s.start_time')} AS day, sum(s.duration)::bigint AS parked
    FROM stops s JOIN chosen ON chosen.id = s.device_id
    WHERE ${inPeriod('s', 'start_time')}
    GROUP BY 1, 2)`)
  }
  if (parts.alarms) {
    ctes.push(`alarm_days AS (
    SELECT e.device_id, ${dayOf('e.event_time')} AS day, count(*)::int AS alarms
    FROM events e JOIN chosen ON chosen.id = e.device_id
    WHERE ${inPeriod('e', 'event_time')} AND ${alarmCodesSql('e')}
    GROUP BY 1, 2)`)
  }

  if (parts.source) {
    // Judged on each vehicle's latest 500 positions: only for the vehicles that drove, the
    // rows a report filtered on distance or trips shows (1,000 trackers idle in the period
    // were 1,000 × 500 positions read for rows that are never shown).
    const drove = [
      parts.odometer ? 'SELECT device_id FROM intervals WHERE distance > 0' : null,
      'SELECT device_id FROM trip_days',
    ]
      .filter(Boolean)
      .join(' UNION ')
    ctes.push(`sources AS (${distanceSourcesSql(`SELECT id FROM chosen WHERE id IN (${drove})`)})`)
  }

  // Every vehicle-day (odometer), or the vehicle-days with trips.
  const base = parts.odometer
    ? `intervals i JOIN devices d ON d.id = i.device_id
    LEFT JOIN trip_days td ON td.device_id = i.device_id AND td.day = i.day`
    : `trip_days td JOIN devices d ON d.id = td.device_id`
  const key = parts.odometer ? 'i' : 'td'
  const joins = [
    parts.idle
      ? `LEFT JOIN idle_days id ON id.device_id = ${key}.device_id AND id.day = ${key}.day`
      : '',
    parts.parked
      ? `LEFT JOIN stop_days sd ON sd.device_id = ${key}.device_id AND sd.day = ${key}.day`
      : '',
    parts.alarms
      ? `LEFT JOIN alarm_days ad ON ad.device_id = ${key}.device_id AND ad.day = ${key}.day`
      : '',
    parts.source ? `LEFT JOIN sources src ON src.device_id = ${key}.device_id` : '',
  ].join('\n    ')
  const odometer = (column: string) =>
    parts.odometer ? `round((i.${column} / 1000)::numeric, 4)` : 'NULL::numeric'
  const idle = parts.idle ? 'id.idle' : 'NULL::bigint'

  const sql = `WITH ${ctes.join(', ')}
    SELECT ${key}.device_id AS "deviceId", d.name AS vehicle, d.plate AS plate,
      to_char(${key}.day, 'YYYY-MM-DD') AS day,
      ${odometer('start_odometer')} AS "startOdometer",
      ${odometer('end_odometer')} AS "endOdometer",
      ${parts.odometer ? odometer('distance') : '0::numeric'} AS distance,
      coalesce(td.trips, 0) AS trips,
      round((coalesce(td.trip_distance, 0) / 1000)::numeric, 2) AS "tripDistance",
      coalesce(td.driving, 0) AS driving,
      coalesce(${idle}, 0) AS idle,
      coalesce(${parts.parked ? 'sd.parked' : 'NULL::bigint'}, 0) AS parked,
      coalesce(td.max_speed, 0) AS "maxSpeed",
      CASE WHEN coalesce(td.driving, 0) > 0
        THEN round((td.trip_distance / 1000 / (td.driving / 3600.0))::numeric, 1) ELSE 0 END
        AS "averageSpeed",
      coalesce(${parts.alarms ? 'ad.alarms' : 'NULL::int'}, 0) AS alarms,
      ${fuelSql(parts.odometer ? 'i.distance' : '0', idle, 'd')} AS fuel,
      ${parts.source ? 'src.source' : 'NULL::text'} AS "distanceSource"
    FROM ${base}
    ${joins}`
  return { sql, bindings }
}
