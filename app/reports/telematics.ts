import { visibleDeviceSql } from '#services/billing/expiry_rule'
import vine from '@vinejs/vine'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { MAX_RECORD_ID } from '#shared/record_id'
import type { ReportScope } from '#reports/engine/definition'
import type { PeriodInput, ResolvedPeriod } from '#reports/engine/period'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'

/**
 * What the telematics reports share: their vehicle and driver parameters, the company and
 * vehicle filter, places, local days, and distance as odometer differences at day boundaries.
 * The rules themselves (what a trip, an idle, a parking, an over-speed is) are in the README,
 * "Report definitions".
 */

const recordId = () => vine.number().withoutDecimals().range([1, MAX_RECORD_ID])

/** deviceId, deviceIds, groupId: the engine checks that each belongs to the company. */
export function vehicleParameters() {
  return {
    deviceId: recordId().optional(),
    deviceIds: vine.array(recordId()).maxLength(1000).optional(),
    groupId: recordId().optional(),
  }
}

export function driverParameter() {
  return { driverId: recordId().optional() }
}

export interface VehicleParams extends PeriodInput {
  deviceId?: number
  deviceIds?: number[]
  groupId?: number
  /** The member's vehicle groups (set by the report runner, never by the query string). */
  visibleGroupIds?: number[] | null
}

/**
 * The alarms of §9 counted in summaries: harsh driving and impacts (A101–A113), CAN errors
 * (A110, A120, A140), over-speed (105 A) and power cut (107 A). Connection events, battery
 * states and input changes are listed by all-alarms but are not alarms.
 */
export function alarmCodesSql(alias: string) {
  return `(${alias}.code IN ('A101','A102','A103','A104','A105','A106','A110','A112','A113','A120','A140')
    OR (${alias}.code IN ('105','107') AND ${alias}.state = 'A'))`
}

/** Every event code of §9 and the ingest's own codes (all-alarms' `code` filter). */
export const EVENT_CODES = [
  'A101',
  'A102',
  'A103',
  'A104',
  'A105',
  'A106',
  'A112',
  'A113',
  'A110',
  'A120',
  'A140',
  'NOV',
  'HSR',
  'LVR',
  'HVR',
  'HSO',
  'NSC',
  'LVS',
  'INV',
  'CONNECTION',
  'DISCONNECTED',
  'CONNECTION_ON',
  '100',
  '101',
  '102',
  '105',
  '106',
  '107',
  '108',
  '116',
  '117',
  '118',
  '119',
  // Our own codes beside §9's: geofences (README "Tracking") and driving out of hours.
  'GEOFENCE_ENTER',
  'GEOFENCE_EXIT',
  'OUT_OF_HOURS',
] as const

/** Restricts a query joined with `devices` to the company's vehicles the parameters name. */
export function whereVehicles<Q extends DatabaseQueryBuilderContract>(
  query: Q,
  companyId: number,
  params: VehicleParams
): Q {
  query.where('devices.company_id', companyId)
  // The expiry rule: an expired vehicle's data stays hidden until it is renewed.
  query.whereRaw(visibleDeviceSql('devices.id'))
  if (params.deviceId) query.where('devices.id', params.deviceId)
  if (params.deviceIds && params.deviceIds.length > 0) query.whereIn('devices.id', params.deviceIds)
  if (params.groupId) query.where('devices.group_id', params.groupId)
  if (params.visibleGroupIds) {
    query.whereRaw('devices.group_id = ANY(?::int[])', [pgArrayLiteral(params.visibleGroupIds)])
  }
  return query
}

/** The same filter as SQL text over a devices alias, with its bindings. */
export function vehicleFilterSql(alias: string, companyId: number, params: VehicleParams) {
  // The expiry rule: an expired vehicle's data stays hidden until it is renewed.
  const clauses = [`${alias}.company_id = ?`, visibleDeviceSql(`${alias}.id`)]
  const bindings: unknown[] = [companyId]
  if (params.deviceId) {
    clauses.push(`${alias}.id = ?`)
    bindings.push(params.deviceId)
  }
  if (params.deviceIds && params.deviceIds.length > 0) {
    // An array binding would be spread into a list by knex: bound as one array literal.
    clauses.push(`${alias}.id = ANY(?::int[])`)
    bindings.push(pgArrayLiteral(params.deviceIds))
  }
  if (params.groupId) {
    clauses.push(`${alias}.group_id = ?`)
    bindings.push(params.groupId)
  }
  if (params.visibleGroupIds) {
    clauses.push(`${alias}.group_id = ANY(?::int[])`)
    bindings.push(pgArrayLiteral(params.visibleGroupIds))
  }
  return { sql: clauses.join(' AND '), bindings }
}

/**
 * A point as text, "latitude, longitude" to six decimals: the coordinates column, and the
 * raw value a place column (`placeOf`) is named from by the geocoder.
 */
export function placeSql(latitude: string, longitude: string) {
  return `CASE WHEN ${latitude} IS NULL OR ${longitude} IS NULL THEN NULL
    ELSE round(${latitude}::numeric, 6)::text || ', ' || round(${longitude}::numeric, 6)::text END`
}

/** The local day (yyyy-MM-dd) of a timestamptz column; bind the time zone. */
export function localDaySql(column: string) {
  return `to_char(${column} AT TIME ZONE ?, 'YYYY-MM-DD')`
}

/** Local midnights inside the period, with its ends: [from, midnight, ..., to]. */
export function dayBoundaries(period: ResolvedPeriod): DateTime[] {
  const boundaries = [period.from]
  let next = period.from.startOf('day').plus({ days: 1 })
  while (next < period.to) {
    boundaries.push(next)
    next = next.plus({ days: 1 })
  }
  boundaries.push(period.to)
  return boundaries
}

/**
 * Where the odometer figures are read from: `hours`, the hourly rollup of positions
 * (position_hours, written at ingest), when every boundary is a whole UTC hour (every local
 * midnight of a zone whose offset is whole hours); `positions` otherwise (a zone such as
 * Asia/Kolkata, a period starting mid-hour). Both give the same figures.
 */
export type OdometerSource = 'hours' | 'positions'

const HOUR_MS = 3_600_000

export function odometerSourceFor(boundaries: DateTime[]): OdometerSource {
  return boundaries.every((boundary) => boundary.toMillis() % HOUR_MS === 0) ? 'hours' : 'positions'
}

/**
 * The odometer (metres) of each chosen vehicle at each boundary: the last position stored
 * before it, else (no position yet) the first after it. Index probes per vehicle and boundary,
 * never a scan: two on positions' (device_id, fix_time) key, or, from the hourly rollup, one
 * on position_hours' (device_id, hour) key (the latest hour before the boundary, which holds
 * its last fix and, unless none of its positions had one, its last odometer).
 *
 * A vehicle with no position at all between the first and the last boundary (parked, switched
 * off, or only reporting outside the period) reads the same odometer at every boundary, so it
 * is probed once, at the first boundary, instead of once per boundary: one probe to know it,
 * against two per day (a whole-fleet month of mostly idle trackers was thousands of probes).
 * Selects `active` (a position in the period) beside the odometer.
 *
 * Selects device_id, i (1-based boundary number), t (boundary), odometer, active, and
 * fix_before (from the hours: the vehicle's last fix before the boundary, null when it is not
 * active; from positions: always null). `source`: see `odometerSourceFor` (the boundaries
 * bound must fit it).
 */
export function odometerAtBoundariesSql(
  deviceFilter: string,
  source: OdometerSource = 'positions'
) {
  if (source === 'hours') return odometerAtBoundariesFromHoursSql(deviceFilter)
  const odometerAt = (t: string) => `COALESCE(
        (SELECT (p.attributes->>'odometer')::float8 FROM positions p
          WHERE p.device_id = dv.id AND p.fix_time < ${t}
            AND (p.attributes->>'odometer') IS NOT NULL
          ORDER BY p.fix_time DESC LIMIT 1),
        (SELECT (p.attributes->>'odometer')::float8 FROM positions p
          WHERE p.device_id = dv.id AND p.fix_time >= ${t}
            AND (p.attributes->>'odometer') IS NOT NULL
          ORDER BY p.fix_time ASC LIMIT 1)
      )`
  return `WITH bs AS (
      SELECT a, a[1] AS first, a[array_upper(a, 1)] AS last FROM (SELECT ?::timestamptz[] AS a) x)
    SELECT dv.id AS device_id, b.i, b.t,
      CASE WHEN dv.active THEN ${odometerAt('b.t')} ELSE dv.still END AS odometer, dv.active,
      NULL::timestamptz AS fix_before
    FROM (
      SELECT dv.id, dv.active, CASE WHEN dv.active THEN NULL ELSE ${odometerAt('dv.first')} END AS still
      FROM (
        SELECT dv.id, bs.first, EXISTS (SELECT 1 FROM positions p
            WHERE p.device_id = dv.id AND p.fix_time >= bs.first AND p.fix_time < bs.last) AS active
        FROM devices dv CROSS JOIN bs
        WHERE ${deviceFilter}
        OFFSET 0
      ) dv
      OFFSET 0
    ) dv
    CROSS JOIN bs, unnest(bs.a) WITH ORDINALITY AS b(t, i)`
}

/**
 * `odometerAtBoundariesSql` over position_hours. Every boundary is a whole UTC hour, so the
 * positions before a boundary are those of the hours before it.
 */
function odometerAtBoundariesFromHoursSql(deviceFilter: string) {
  const odometerBefore = (t: string) => `(SELECT h.last_odometer FROM position_hours h
          WHERE h.device_id = dv.id AND h.hour < ${t} AND h.last_odometer IS NOT NULL
          ORDER BY h.hour DESC LIMIT 1)`
  const odometerFrom = (t: string) => `(SELECT h.first_odometer FROM position_hours h
          WHERE h.device_id = dv.id AND h.hour >= ${t} AND h.first_odometer IS NOT NULL
          ORDER BY h.hour ASC LIMIT 1)`
  // COALESCE reads its next argument only when the one before is null: the further probes run
  // only when the latest hour holds no odometer (or there is none).
  return `WITH bs AS (
      SELECT a, a[1] AS first, a[array_upper(a, 1)] AS last FROM (SELECT ?::timestamptz[] AS a) x)
    SELECT dv.id AS device_id, b.i, b.t,
      CASE WHEN dv.active
        THEN COALESCE(latest.last_odometer, ${odometerBefore('b.t')}, ${odometerFrom('b.t')})
        ELSE dv.still END AS odometer,
      dv.active, latest.last_fix AS fix_before
    FROM (
      SELECT dv.id, dv.active,
        CASE WHEN dv.active THEN NULL
          ELSE COALESCE(${odometerBefore('dv.first')}, ${odometerFrom('dv.first')}) END AS still
      FROM (
        SELECT dv.id, bs.first, EXISTS (SELECT 1 FROM position_hours h
            WHERE h.device_id = dv.id AND h.hour >= bs.first AND h.hour < bs.last) AS active
        FROM devices dv CROSS JOIN bs
        WHERE ${deviceFilter}
        OFFSET 0
      ) dv
      OFFSET 0
    ) dv
    CROSS JOIN bs
    CROSS JOIN LATERAL unnest(bs.a) WITH ORDINALITY AS b(t, i)
    LEFT JOIN LATERAL (SELECT h.last_fix, h.last_odometer FROM position_hours h
        WHERE dv.active AND h.device_id = dv.id AND h.hour < b.t
        ORDER BY h.hour DESC LIMIT 1) latest ON true`
}

/**
 * One row per chosen vehicle and interval between consecutive boundaries: device_id, day
 * (local date of the interval's start, a date), day_start, day_end, start_odometer, end_odometer,
 * distance (metres, never negative). Bindings: boundaries, then the device filter's.
 * `source`: see `odometerSourceFor` (the boundaries bound must fit it).
 */
export function odometerIntervalsSql(deviceFilter: string, source: OdometerSource = 'positions') {
  // The vehicle's last fix before the interval's end, and before its start (else its first
  // fix in it): from the boundaries' own probe of the hours, else from positions.
  const reported =
    source === 'hours'
      ? {
          end: 'intervals.end_fix_before',
          start: `coalesce(intervals.start_fix_before,
            (SELECT h.first_fix FROM position_hours h
              WHERE h.device_id = intervals.device_id AND h.hour >= intervals.day_start
              ORDER BY h.hour ASC LIMIT 1))`,
        }
      : {
          end: `(SELECT max(p.fix_time) FROM positions p
            WHERE p.device_id = intervals.device_id AND p.fix_time < intervals.day_end)`,
          start: `coalesce(
            (SELECT max(p.fix_time) FROM positions p
              WHERE p.device_id = intervals.device_id AND p.fix_time < intervals.day_start),
            (SELECT min(p.fix_time) FROM positions p
              WHERE p.device_id = intervals.device_id AND p.fix_time >= intervals.day_start))`,
        }
  // The odometer difference, less the steps odometer corrections made inside the interval
  // (a corrected odometer is not distance driven), never more than the top plausible speed
  // allows over the time the vehicle reported (its last fix before the interval to its last
  // fix inside it).
  // A vehicle without a position in the period (see odometerAtBoundariesSql) drove nothing:
  // the same odometer at both ends, and no reporting time to allow any distance.
  return `SELECT device_id, day_start, day_end, start_odometer, end_odometer,
      (day_start AT TIME ZONE ?)::date AS day,
      CASE WHEN NOT active THEN 0 ELSE LEAST(
        GREATEST(0, coalesce(end_odometer - start_odometer, 0) - coalesce((
          SELECT sum(oc.offset_m) FROM odometer_corrections oc
          WHERE oc.device_id = intervals.device_id
            AND oc.effective_at >= intervals.day_start AND oc.effective_at < intervals.day_end), 0)),
        ${MAX_PLAUSIBLE_DAY_SPEED_KMH} / 3.6 * coalesce(EXTRACT(EPOCH FROM (
          ${reported.end} - ${reported.start})), 0)
      ) END AS distance
    FROM (
      SELECT device_id, active, t AS day_start, lead(t) OVER w AS day_end,
        odometer AS start_odometer, lead(odometer) OVER w AS end_odometer,
        fix_before AS start_fix_before, lead(fix_before) OVER w AS end_fix_before
      -- OFFSET 0 keeps the boundaries a subquery of its own: inlined, each odometer's
      -- index probes would run twice (once for the odometer, once for lead()).
      FROM (${odometerAtBoundariesSql(deviceFilter, source)} OFFSET 0) bounds
      WINDOW w AS (PARTITION BY device_id ORDER BY i)
    ) intervals
    WHERE day_end IS NOT NULL`
}

/** A query over a SQL text (a subquery aliased `r`), for rows the engine pages and counts. */
export function fromSql(
  client: QueryClientContract,
  sql: string,
  bindings: unknown[]
): DatabaseQueryBuilderContract<any> {
  return client.query().from(client.raw(`(${sql}) AS r`, bindings as any[]) as any)
}

/**
 * The top speed (km/h) a day's distance may imply: a day never counts more than this times
 * the hours the vehicle reported (the plausibility filters' limit for road vehicles).
 */
export const MAX_PLAUSIBLE_DAY_SPEED_KMH = 300

export function boundaryDates(scope: ReportScope<VehicleParams>, whole = false) {
  const boundaries = whole ? [scope.period.from, scope.period.to] : dayBoundaries(scope.period)
  return pgArrayLiteral(boundaries.map((boundary) => boundary.toJSDate()))
}

/** Estimated litres: km at the vehicle's l/100 km plus idle hours at its l/h (nulls count 0). */
export function fuelSql(distanceMeters: string, idleSeconds: string, devices = 'devices') {
  return `round((coalesce(${distanceMeters}, 0) / 100000.0 * coalesce(${devices}.average_consumption, 0)
    + coalesce(${idleSeconds}, 0) / 3600.0 * coalesce(${devices}.idle_consumption, 0))::numeric, 2)`
}

export function km(metres: unknown) {
  return Math.round(Number(metres ?? 0) / 10) / 100
}

export function round2(value: unknown) {
  return Math.round(Number(value ?? 0) * 100) / 100
}
