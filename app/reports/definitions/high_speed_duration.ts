import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { SPEED_STEP_KMH, SPEED_STEPS } from '#tracking/pipeline/trip_detector'
import { fromSql, vehicleFilterSql, vehicleParameters } from '#reports/telematics'
import { aggregateSnapshot, groupBy, roundTo, sumOf } from '#reports/snapshot'

/** The thresholds a user may choose: the 5 km/h steps trips keep (5 to 250 km/h). */
export const SPEED_THRESHOLDS = Array.from(
  { length: SPEED_STEPS },
  (_, index) => (index + 1) * SPEED_STEP_KMH
)

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  /** km/h; without it, each vehicle's own speed limit. */
  threshold: vine.number().in(SPEED_THRESHOLDS).optional(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Per vehicle and local day (of the trips' start), the time and distance driven above the
 * chosen threshold (from the trips' 5 km/h steps) or above the vehicle's own speed limit
 * (measured at ingest); rows without any over-speed left out.
 */
function overSpeeds({ client, context, params, period }: ReportScope<Params>) {
  const filter = vehicleFilterSql('d', context.companyId, params)
  const step = params.threshold ? params.threshold / SPEED_STEP_KMH : null
  const seconds = step ? `coalesce(t.speed_seconds[${step}], 0)` : 't.over_limit_seconds'
  const meters = step ? `coalesce(t.speed_meters[${step}], 0)` : 't.over_limit_distance'
  const limit = step ? `${params.threshold}` : 'd.speed_limit'
  const sql = `SELECT t.device_id AS "deviceId", d.name AS vehicle, d.plate AS plate,
      to_char(local.day, 'YYYY-MM-DD') AS day,
      ${limit} AS "limit",
      sum(${seconds})::bigint AS duration,
      round((sum(${meters}) / 1000)::numeric, 2) AS distance,
      count(*) FILTER (WHERE ${seconds} > 0)::int AS trips,
      max(t.max_speed) AS "maxSpeed"
    FROM trips t
    JOIN devices d ON d.id = t.device_id
    CROSS JOIN LATERAL (SELECT (t.start_time AT TIME ZONE ?)::date AS day) local
    WHERE t.company_id = ? AND t.start_time >= ? AND t.start_time < ? AND ${filter.sql}
      ${step ? '' : 'AND d.speed_limit IS NOT NULL'}
    GROUP BY t.device_id, d.name, d.plate, d.speed_limit, local.day
    HAVING sum(${seconds}) > 0`
  return fromSql(client, sql, [
    context.timezone,
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
    ...filter.bindings,
  ])
}

const snapshot = aggregateSnapshot<Params>({
  query: overSpeeds,
  columns: {
    deviceId: 'int',
    vehicle: 'text',
    plate: 'text',
    day: 'text',
    limit: 'int',
    duration: 'bigint',
    distance: 'numeric',
    trips: 'int',
    maxSpeed: 'float8',
  },
  order: ['day', 'vehicle', 'deviceId'],
})

/** High-speed duration: time and distance above a speed, per vehicle and day. */
export const highSpeedDurationReport = defineReport({
  slug: 'high-speed-duration',
  group: 'speed',
  key: 'high_speed_duration',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    day: { kind: 'date', sortable: true },
    limit: { kind: 'number', unit: 'km/h' },
    duration: { kind: 'number', unit: 'duration', sortable: true },
    distance: { kind: 'number', unit: 'km' },
    trips: { kind: 'number' },
    maxSpeed: { kind: 'number', unit: 'km/h' },
  },
  prepare: (scope) => snapshot.prepare(scope),
  page: (scope, offset, limit) => snapshot.page(scope, offset, limit),
  rows: (scope) => snapshot.rows(scope),
  async totals(scope) {
    const rows = await snapshot.all(scope)
    return {
      rows: rows.length,
      duration: sumOf(rows, 'duration'),
      distance: roundTo(sumOf(rows, 'distance'), 2),
    }
  },
  async chart(scope) {
    const days = groupBy(await snapshot.all(scope), 'day', 'duration')
    return {
      type: 'bar',
      labels: [...days.keys()],
      series: [{ name: 'minutes', data: [...days.values()].map((s) => roundTo(s / 60, 1)) }],
    }
  },
})
