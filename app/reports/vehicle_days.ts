import type { ReportScope } from '#reports/engine/definition'
import {
  alarmCodesSql,
  boundaryDates,
  fuelSql,
  odometerIntervalsSql,
  vehicleFilterSql,
  type VehicleParams,
} from '#reports/telematics'

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
 * Columns (camelCase): deviceId, vehicle, plate, day, dayStart, startOdometer, endOdometer,
 * distance (km), trips, tripDistance (km), driving, idle, parked (s), maxSpeed, averageSpeed,
 * alarms, fuel (l).
 */
export function vehicleDaysSql(scope: ReportScope<VehicleParams>, whole: boolean) {
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
      return '?::text'
    }
    bindings.push(zone)
    return `to_char(${column} AT TIME ZONE ?, 'YYYY-MM-DD')`
  }
  const inPeriod = (table: string, column: string) => {
    bindings.push(context.companyId, from, to)
    return `${table}.company_id = ? AND ${table}.${column} >= ? AND ${table}.${column} < ?`
  }

  bindings.push(...filter.bindings)
  const chosen = `chosen AS (SELECT dv.id FROM devices dv WHERE ${filter.sql})`
  bindings.push(zone, boundaryDates(scope, whole), ...filter.bindings)
  const intervals = `intervals AS (${odometerIntervalsSql(filter.sql)})`
  const tripDays = `trip_days AS (
    SELECT t.device_id, ${dayOf('t.start_time')} AS day, count(*)::int AS trips,
      sum(t.distance) AS trip_distance, sum(t.duration)::bigint AS driving,
      max(t.max_speed) AS max_speed
    FROM trips t JOIN chosen ON chosen.id = t.device_id
    WHERE ${inPeriod('t', 'start_time')}
    GROUP BY 1, 2)`
  const idleDays = `idle_days AS (
    SELECT x.device_id, ${dayOf('x.start_time')} AS day, sum(x.duration)::bigint AS idle
    FROM idle_periods x JOIN chosen ON chosen.id = x.device_id
    WHERE ${inPeriod('x', 'start_time')} AND x.duration >= 300
    GROUP BY 1, 2)`
  const stopDays = `stop_days AS (
    SELECT s.device_id, ${dayOf('s.start_time')} AS day, sum(s.duration)::bigint AS parked
    FROM stops s JOIN chosen ON chosen.id = s.device_id
    WHERE ${inPeriod('s', 'start_time')}
    GROUP BY 1, 2)`
  const alarmDays = `alarm_days AS (
    SELECT e.device_id, ${dayOf('e.event_time')} AS day, count(*)::int AS alarms
    FROM events e JOIN chosen ON chosen.id = e.device_id
    WHERE ${inPeriod('e', 'event_time')} AND ${alarmCodesSql('e')}
    GROUP BY 1, 2)`

  const sql = `WITH ${chosen}, ${intervals}, ${tripDays}, ${idleDays}, ${stopDays}, ${alarmDays}
    SELECT i.device_id AS "deviceId", d.name AS vehicle, d.plate AS plate, i.day AS day,
      i.day_start AS "dayStart",
      round((i.start_odometer / 1000)::numeric, 4) AS "startOdometer",
      round((i.end_odometer / 1000)::numeric, 4) AS "endOdometer",
      round((i.distance / 1000)::numeric, 4) AS distance,
      coalesce(td.trips, 0) AS trips,
      round((coalesce(td.trip_distance, 0) / 1000)::numeric, 2) AS "tripDistance",
      coalesce(td.driving, 0) AS driving,
      coalesce(id.idle, 0) AS idle,
      coalesce(sd.parked, 0) AS parked,
      coalesce(td.max_speed, 0) AS "maxSpeed",
      CASE WHEN coalesce(td.driving, 0) > 0
        THEN round((td.trip_distance / 1000 / (td.driving / 3600.0))::numeric, 1) ELSE 0 END
        AS "averageSpeed",
      coalesce(ad.alarms, 0) AS alarms,
      ${fuelSql('i.distance', 'id.idle', 'd')} AS fuel
    FROM intervals i
    JOIN devices d ON d.id = i.device_id
    LEFT JOIN trip_days td ON td.device_id = i.device_id AND td.day = i.day
    LEFT JOIN idle_days id ON id.device_id = i.device_id AND id.day = i.day
    LEFT JOIN stop_days sd ON sd.device_id = i.device_id AND sd.day = i.day
    LEFT JOIN alarm_days ad ON ad.device_id = i.device_id AND ad.day = i.day`
  return { sql, bindings }
}
