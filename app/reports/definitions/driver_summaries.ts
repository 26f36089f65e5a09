import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import {
  alarmCodesSql,
  driverParameter,
  fromSql,
  fuelSql,
  vehicleFilterSql,
  vehicleParameters,
} from '#reports/telematics'
import { aggregateSnapshot, maxOf, roundTo, sumOf } from '#reports/snapshot'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  ...driverParameter(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Per driver, the trips attributed to them (card reported, else assignment; see the README)
 * that started in the period: distance, driving and idle time, speeds, time above the
 * vehicle's limit, alarms during their trips and estimated fuel. Trips without a driver make
 * one row with no driver.
 */
function perDriver({ client, context, params, period }: ReportScope<Params>) {
  const filter = vehicleFilterSql('d', context.companyId, params)
  const bindings: unknown[] = [
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
    ...filter.bindings,
  ]
  let driverClause = ''
  if (params.driverId) {
    driverClause = 'AND t.driver_id = ?'
    bindings.push(params.driverId)
  }
  // Alarms during the trips: trip starts and alarm events of the same vehicles in one
  // ordered pass (each event belongs to the last trip started before it, if not yet ended),
  // instead of a look-up per trip.
  bindings.push(context.companyId, period.from.toJSDate())
  const sql = `WITH chosen AS (
      SELECT t.*, ${fuelSql('t.distance', 't.idle_duration', 'd')} AS fuel
      FROM trips t JOIN devices d ON d.id = t.device_id
      WHERE t.company_id = ? AND t.start_time >= ? AND t.start_time < ? AND ${filter.sql}
        ${driverClause}
    ),
    marks AS (
      SELECT c.device_id, c.start_time AS at, 0 AS kind FROM chosen c
      UNION ALL
      SELECT e.device_id, e.event_time, 1 FROM events e
      WHERE e.company_id = ? AND e.event_time >= ?
        AND e.event_time <= (SELECT max(end_time) FROM chosen)
        AND e.device_id IN (SELECT device_id FROM chosen) AND ${alarmCodesSql('e')}
    ),
    placed AS (
      SELECT kind, device_id, at, max(CASE WHEN kind = 0 THEN at END) OVER (
        PARTITION BY device_id ORDER BY at, kind ROWS UNBOUNDED PRECEDING) AS trip_start
      FROM marks
    ),
    trip_alarms AS (
      SELECT c.id AS trip, count(*) AS alarms
      FROM placed p JOIN chosen c ON c.device_id = p.device_id AND c.start_time = p.trip_start
      WHERE p.kind = 1 AND p.at <= c.end_time
      GROUP BY c.id
    )
    SELECT c.driver_id AS "driverId", dr.name AS driver, count(*)::int AS trips,
      count(DISTINCT c.device_id)::int AS vehicles,
      round((sum(c.distance) / 1000)::numeric, 2) AS distance,
      sum(c.duration)::bigint AS driving,
      sum(c.idle_duration)::bigint AS idle,
      max(c.max_speed) AS "maxSpeed",
      CASE WHEN sum(c.duration) > 0
        THEN round((sum(c.distance) / 1000 / (sum(c.duration) / 3600.0))::numeric, 1) ELSE 0 END
        AS "averageSpeed",
      sum(c.over_limit_seconds)::bigint AS "overLimit",
      coalesce(sum(ta.alarms), 0)::int AS alarms,
      sum(c.fuel) AS fuel
    FROM chosen c
    LEFT JOIN drivers dr ON dr.id = c.driver_id
    LEFT JOIN trip_alarms ta ON ta.trip = c.id
    GROUP BY c.driver_id, dr.name`
  return fromSql(client, sql, bindings)
}

const snapshot = aggregateSnapshot<Params>({
  query: perDriver,
  columns: {
    driverId: 'int',
    driver: 'text',
    trips: 'int',
    vehicles: 'int',
    distance: 'numeric',
    driving: 'bigint',
    idle: 'bigint',
    maxSpeed: 'float8',
    averageSpeed: 'numeric',
    overLimit: 'bigint',
    alarms: 'int',
    fuel: 'numeric',
  },
  order: ['driver', 'driverId'],
})

/** Driver summaries: the device summary's figures per driver. */
export const driverSummariesReport = defineReport({
  slug: 'driver-summaries',
  group: 'trips_activity',
  key: 'driver_summaries',
  parameters,
  columns: {
    driver: { kind: 'text', sortable: true },
    trips: { kind: 'number' },
    vehicles: { kind: 'number' },
    distance: { kind: 'number', unit: 'km', sortable: true },
    driving: { kind: 'number', unit: 'duration' },
    idle: { kind: 'number', unit: 'duration' },
    maxSpeed: { kind: 'number', unit: 'km/h' },
    averageSpeed: { kind: 'number', unit: 'km/h' },
    overLimit: { kind: 'number', unit: 'duration' },
    alarms: { kind: 'number' },
    fuel: { kind: 'number' },
  },
  prepare: (scope) => snapshot.prepare(scope),
  page: (scope, offset, limit) => snapshot.page(scope, offset, limit),
  rows: (scope) => snapshot.rows(scope),
  count: (scope) => snapshot.count(scope),
  async totals(scope) {
    const rows = await snapshot.all(scope)
    return {
      drivers: rows.filter((row) => row.driverId !== null).length,
      trips: sumOf(rows, 'trips'),
      distance: roundTo(sumOf(rows, 'distance'), 2),
      driving: sumOf(rows, 'driving'),
      idle: sumOf(rows, 'idle'),
      maxSpeed: maxOf(rows, 'maxSpeed'),
      alarms: sumOf(rows, 'alarms'),
      fuel: roundTo(sumOf(rows, 'fuel'), 2),
    }
  },
  async chart(scope) {
    const all = await snapshot.all(scope)
    const rows = all
      .filter((row) => row.driverId !== null)
      .sort(
        (a, b) =>
          Number(b.distance) - Number(a.distance) ||
          String(a.driver).localeCompare(String(b.driver))
      )
      .slice(0, 50)
    return {
      type: 'bar',
      labels: rows.map((row) => String(row.driver)),
      series: [{ name: 'distance', data: rows.map((row) => Number(row.distance)) }],
    }
  },
})
