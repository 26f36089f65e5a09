import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { visibleDeviceSql } from '#services/billing/expiry_rule'
import { aggregateSnapshot, roundTo, sumOf } from '#reports/snapshot'

/**
 * driver-behavior: harsh events (§9 A101–A113) and over-speeding per driver, per vehicle, or
 * per driver and vehicle, with a transparent score:
 *
 *   score = 100 − Σ weight(code) × events(code) per 100 km − % of driving time over the limit
 *
 * clamped to 0..100. Events count when they happen during a trip (as the field does: events
 * outside trips are excluded) and belong to the trip's driver. Over-speed time runs from an
 * over-speed start (105 A) to its end (105 F), cut at the trip's end. Driving time is trip time
 * less idle time. Below `minDistanceKm` there is no score (too little driving to judge), but the
 * breakdown is still shown. Trips with no driver (no card read, nobody assigned) are grouped
 * apart as "unattributed": shown last, with their figures but never a score, so they are not
 * ranked as if they were a driver.
 */
export const HARSH_WEIGHTS: Record<string, number> = {
  A101: 1, // sudden acceleration
  A102: 1, // sudden braking
  A103: 1, // sudden left turn / overtaking
  A104: 1, // sudden right turn
  A105: 0.5, // speed bump taken hard
  A106: 0, // rough road: the road, not the driver
  A112: 2, // impact
  A113: 5, // rollover
}
export const DEFAULT_MIN_DISTANCE_KM = 20

export const behaviourGroupings = ['driver', 'vehicle', 'driver_vehicle'] as const

const parameters = vine.create({
  ...periodParameters(),
  deviceId: vine.number().positive().withoutDecimals().optional(),
  driverId: vine.number().positive().withoutDecimals().optional(),
  groupBy: vine.enum(behaviourGroupings).optional(),
  minDistanceKm: vine.number().min(0).max(100_000).optional(),
})

type Params = PeriodInput & {
  deviceId?: number
  driverId?: number
  groupBy?: (typeof behaviourGroupings)[number]
  minDistanceKm?: number
}

const codes = Object.keys(HARSH_WEIGHTS)

/** The trips of the period the report counts: the WHERE over `trips t`, with its bindings. */
function tripsWhere(scope: ReportScope<Params>) {
  const { context, params, period } = scope
  const filters: string[] = []
  const bindings: (number | Date | string)[] = [
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
  ]
  if (params.deviceId) {
    filters.push('AND t.device_id = ?')
    bindings.push(params.deviceId)
  }
  if (params.driverId) {
    filters.push('AND t.driver_id = ?')
    bindings.push(params.driverId)
  }
  return {
    sql: `t.company_id = ? AND t.start_time >= ? AND t.start_time < ? ${filters.join(' ')}
        AND ${visibleDeviceSql('t.device_id')}`,
    bindings,
  }
}

function groupKeys(groupBy: Params['groupBy'], alias: string) {
  const by = groupBy ?? 'driver'
  if (by === 'driver') return [`${alias}.driver_id`]
  if (by === 'vehicle') return [`${alias}.device_id`]
  return [`${alias}.driver_id`, `${alias}.device_id`]
}

/** Per trip: its distance, driving time, harsh events by code and seconds over the limit. */
function tripFigures(scope: ReportScope<Params>) {
  const where = tripsWhere(scope)
  const counts = codes
    .map((code) => `count(*) FILTER (WHERE e.code = '${code}') AS "${code}"`)
    .join(',\n')
  const list = codes.map((code) => `'${code}'`).join(', ')
  return {
    sql: `SELECT t.id, t.device_id, t.driver_id, t.distance,
        greatest(t.duration - t.idle_duration, 0) AS driving,
        ${codes.map((code) => `h."${code}"`).join(', ')},
        ov.overspeed
      FROM trips t
      CROSS JOIN LATERAL (
        SELECT ${counts}
        FROM events e
        WHERE e.device_id = t.device_id AND e.code IN (${list})
          AND e.event_time >= t.start_time AND e.event_time <= t.end_time
      ) h
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(extract(epoch FROM least(o.ends, t.end_time) - o.event_time)), 0)
          AS overspeed
        FROM (
          SELECT e.event_time, e.state,
            lead(e.event_time) OVER (ORDER BY e.event_time) AS ends
          FROM events e
          WHERE e.device_id = t.device_id AND e.code = '105' AND e.state IN ('A', 'F')
            AND e.event_time >= t.start_time AND e.event_time <= t.end_time
        ) o
        WHERE o.state = 'A'
      ) ov
      WHERE ${where.sql}`,
    bindings: where.bindings,
  }
}

/** The rows: one per driver, vehicle, or driver and vehicle, with the score's breakdown. */
function behaviourRows(scope: ReportScope<Params>) {
  const { client, params } = scope
  const groupBy = params.groupBy ?? 'driver'
  const minMetres = (params.minDistanceKm ?? DEFAULT_MIN_DISTANCE_KM) * 1000
  const figures = tripFigures(scope)
  const weighted = codes
    .filter((code) => HARSH_WEIGHTS[code] > 0)
    .map((code) => `${HARSH_WEIGHTS[code]} * sum(f."${code}")`)
    .join(' + ')
  const harshPenalty = `CASE WHEN sum(f.distance) > 0 THEN (${weighted}) / (sum(f.distance) / 100000.0) ELSE 0 END`
  const speedingPenalty = `CASE WHEN sum(f.driving) > 0 THEN sum(f.overspeed) / sum(f.driving) * 100 ELSE 0 END`
  const keys = groupKeys(groupBy, 'f')
  const query = client
    .query()
    .with('trip_figures', client.raw(figures.sql, figures.bindings))
    .from('trip_figures as f')
    .groupBy(...keys)
    .select(
      client.raw(
        groupBy === 'vehicle'
          ? 'NULL::text as driver'
          : '(SELECT dr.name FROM drivers dr WHERE dr.id = f.driver_id) as driver'
      ),
      client.raw(
        groupBy === 'driver'
          ? 'NULL::text as vehicle'
          : '(SELECT d.name FROM devices d WHERE d.id = f.device_id) as vehicle'
      ),
      client.raw(
        groupBy === 'vehicle'
          ? 'NULL::text as attribution'
          : "CASE WHEN f.driver_id IS NULL THEN 'unattributed' END as attribution"
      ),
      client.raw('count(*)::int as trips'),
      client.raw('round((sum(f.distance) / 1000)::numeric, 2) as distance'),
      client.raw('sum(f.driving)::int as "drivingTime"'),
      client.raw('sum(f."A101")::int as acceleration'),
      client.raw('sum(f."A102")::int as braking'),
      client.raw('(sum(f."A103") + sum(f."A104"))::int as cornering'),
      client.raw('(sum(f."A105") + sum(f."A106"))::int as road'),
      client.raw('(sum(f."A112") + sum(f."A113"))::int as impacts'),
      client.raw(
        `CASE WHEN sum(f.distance) > 0 THEN round(((${codes.map((code) => `sum(f."${code}")`).join(' + ')}) / (sum(f.distance) / 100000.0))::numeric, 2) END as "harshPer100"`
      ),
      client.raw('round(sum(f.overspeed))::int as "overspeedTime"'),
      client.raw(`round((${speedingPenalty})::numeric, 2) as "overspeedShare"`),
      client.raw(`round((${harshPenalty})::numeric, 2) as "harshPenalty"`),
      client.raw(`round((${speedingPenalty})::numeric, 2) as "speedingPenalty"`),
      client.raw(
        `CASE WHEN ${groupBy === 'vehicle' ? '' : 'f.driver_id IS NOT NULL AND'} sum(f.distance) >= ? THEN round(greatest(0, least(100, 100 - (${harshPenalty}) - (${speedingPenalty})))::numeric, 1) END as score`,
        [minMetres]
      ),
      // The group's keys (its order) and the unrounded sums the totals add up; not shown.
      client.raw(groupBy === 'vehicle' ? 'NULL::int as "driverId"' : 'f.driver_id as "driverId"'),
      client.raw(groupBy === 'driver' ? 'NULL::int as "deviceId"' : 'f.device_id as "deviceId"'),
      client.raw('sum(f.distance)::float8 as metres'),
      client.raw(
        `(${codes.map((code) => `sum(f."${code}")`).join(' + ')})::bigint as "harshEvents"`
      ),
      client.raw('sum(f.overspeed)::float8 as "overspeedSeconds"')
    )
  return query
}

/**
 * The groups computed once per run (the per-trip event look-ups are the report's cost): the
 * page, the count, the ranking and the totals all read that one result.
 */
const snapshot = aggregateSnapshot<Params>({
  query: (scope) => scope.client.query().from(behaviourRows(scope).as('g')),
  columns: {
    driver: 'text',
    vehicle: 'text',
    attribution: 'text',
    trips: 'int',
    distance: 'numeric',
    drivingTime: 'int',
    acceleration: 'int',
    braking: 'int',
    cornering: 'int',
    road: 'int',
    impacts: 'int',
    harshPer100: 'numeric',
    overspeedTime: 'int',
    overspeedShare: 'numeric',
    harshPenalty: 'numeric',
    speedingPenalty: 'numeric',
    score: 'numeric',
    driverId: 'int',
    deviceId: 'int',
    metres: 'float8',
    harshEvents: 'bigint',
    overspeedSeconds: 'float8',
  },
  // By driver, by vehicle, or both (ascending, no driver last): the groups' own order.
  order: ['driverId', 'deviceId'],
})

export const driverBehaviorReport = defineReport({
  slug: 'driver-behavior',
  group: 'alarms_behaviour',
  key: 'driver_behavior',
  parameters,
  inputs: { minDistanceKm: { default: DEFAULT_MIN_DISTANCE_KM } },
  columns: {
    driver: { kind: 'text', sortable: true },
    vehicle: { kind: 'text', sortable: true },
    attribution: { kind: 'enum', enumValues: ['unattributed'] },
    trips: { kind: 'number' },
    distance: { kind: 'number', unit: 'km' },
    drivingTime: { kind: 'number', unit: 'duration' },
    acceleration: { kind: 'number' },
    braking: { kind: 'number' },
    cornering: { kind: 'number' },
    road: { kind: 'number' },
    impacts: { kind: 'number' },
    harshPer100: { kind: 'number' },
    overspeedTime: { kind: 'number', unit: 'duration' },
    overspeedShare: { kind: 'number' },
    harshPenalty: { kind: 'number' },
    speedingPenalty: { kind: 'number' },
    score: { kind: 'number', sortable: true },
  },
  prepare: (scope) => snapshot.prepare(scope),
  page: (scope, offset, limit) => snapshot.page(scope, offset, limit),
  rows: (scope) => snapshot.rows(scope),
  async chart(scope) {
    // The ranking: the rows that have a score, best first (the 50 best).
    const groupBy = scope.params.groupBy ?? 'driver'
    const rows: { driver: string | null; vehicle: string | null; score: string }[] =
      await scope.client
        .from(snapshot.rows(scope).clearOrder().as('r'))
        .select('r.driver', 'r.vehicle', 'r.score')
        .whereNotNull('r.score')
        .orderBy('r.score', 'desc')
        .orderBy('r.driver', 'asc')
        .orderBy('r.vehicle', 'asc')
        .limit(50)
    const label = (row: (typeof rows)[number]) =>
      groupBy === 'vehicle'
        ? String(row.vehicle)
        : groupBy === 'driver'
          ? String(row.driver)
          : `${row.driver} (${row.vehicle})`
    return {
      type: 'bar',
      title: groupBy === 'vehicle' ? 'vehicleRanking' : 'ranking',
      labels: rows.map(label),
      series: [{ name: 'score', data: rows.map((row) => Number(row.score)) }],
    }
  },
  count: (scope) => snapshot.count(scope),
  async totals(scope) {
    // Every trip is in one group: the groups' unrounded sums add up to the period's.
    const groups = await snapshot.all(scope)
    return {
      trips: sumOf(groups, 'trips'),
      distance: roundTo(sumOf(groups, 'metres') / 1000, 2),
      harshEvents: sumOf(groups, 'harshEvents'),
      overspeedTime: Math.round(sumOf(groups, 'overspeedSeconds')),
    }
  },
})
