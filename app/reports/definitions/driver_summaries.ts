import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import {
  alarmCodesSql,
  driverParameter,
  fromSql,
  fuelSql,
  round2,
  vehicleFilterSql,
  vehicleParameters,
} from '#reports/telematics'

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
  const sql = `WITH chosen AS (
      SELECT t.*, ${fuelSql('t.distance', 't.idle_duration', 'd')} AS fuel
      FROM trips t JOIN devices d ON d.id = t.device_id
      WHERE t.company_id = ? AND t.start_time >= ? AND t.start_time < ? AND ${filter.sql}
        ${driverClause}
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
      coalesce(sum(alarms.count), 0)::int AS alarms,
      sum(c.fuel) AS fuel
    FROM chosen c
    LEFT JOIN drivers dr ON dr.id = c.driver_id
    CROSS JOIN LATERAL (
      SELECT count(*) AS count FROM events e
      WHERE e.device_id = c.device_id AND e.event_time >= c.start_time
        AND e.event_time <= c.end_time AND ${alarmCodesSql('e')}
    ) alarms
    GROUP BY c.driver_id, dr.name`
  return fromSql(client, sql, bindings)
}

/** Driver summaries: the device summary's figures per driver. */
export const driverSummariesReport = defineReport({
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
  rows(scope) {
    return perDriver(scope)
      .select('*')
      .orderByRaw('driver ASC NULLS LAST')
      .orderByRaw('"driverId" ASC NULLS LAST')
  },
  async totals(scope) {
    const raw = (sql: string) => scope.client.raw(sql)
    const row = await perDriver(scope)
      .select(
        raw('count("driverId")::int as drivers'),
        raw('coalesce(sum(trips), 0)::int as trips'),
        raw('coalesce(sum(distance), 0) as distance'),
        raw('coalesce(sum(driving), 0)::bigint as driving'),
        raw('coalesce(sum(idle), 0)::bigint as idle'),
        raw('coalesce(max("maxSpeed"), 0) as "maxSpeed"'),
        raw('coalesce(sum(alarms), 0)::int as alarms'),
        raw('coalesce(sum(fuel), 0) as fuel')
      )
      .first()
    return {
      drivers: Number(row?.drivers ?? 0),
      trips: Number(row?.trips ?? 0),
      distance: round2(row?.distance),
      driving: Number(row?.driving ?? 0),
      idle: Number(row?.idle ?? 0),
      maxSpeed: Number(row?.maxSpeed ?? 0),
      alarms: Number(row?.alarms ?? 0),
      fuel: round2(row?.fuel),
    }
  },
  async chart(scope) {
    const rows: { driver: string | null; distance: string }[] = await perDriver(scope)
      .select('driver', 'distance')
      .whereNotNull('driverId')
      .orderBy('distance', 'desc')
      .orderBy('driver')
      .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => row.driver ?? ''),
      series: [{ name: 'distance', data: rows.map((row) => Number(row.distance)) }],
    }
  },
})
