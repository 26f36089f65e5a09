import type { ReportScope } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { visibleDeviceSql } from '#services/billing/expiry_rule'

/**
 * The SQL behind the fuel reports: fuel from three sources side by side.
 *
 * 1. The estimate, from the vehicle's average driving consumption (l/100 km) and idle
 *    consumption (l/h) (spec §3): driven km × l/100 km ÷ 100 + engine-on standing hours × l/h.
 *    Distance, driving and idle time come from the trips (and engine-on time at stops), so the
 *    estimate agrees with the trip reports.
 * 2. The tracker's own figures: the CAN "fuel used" counter (`fuelUsed`, litres) when it sends
 *    one, else the fuel level (`fuel`, litres): level at the start − level at the end + litres
 *    refuelled − litres lost in drops. Refuels and drops are found in the level: consecutive
 *    readings that each rise (refuel) or, standing still, each fall (drop) by at least the
 *    sensor's noise (`FUEL_NOISE_LITRES`) form one event, kept when it adds up to at least
 *    `minChange` litres.
 * 3. The fuel log: litres and amounts of the fuel entries.
 *
 * A row is flagged when the tracker and the estimate differ by more than `tolerance` % of the
 * larger one, or when the litres of the fuel log and the refuels the level shows differ by more
 * than that (a possible theft or a wrong fuel card).
 */
export const FUEL_NOISE_LITRES = 1
/** Below this speed (km/h) a vehicle stands: a falling level is a drop, not consumption. */
export const STANDING_KMH = 5
export const DEFAULT_TOLERANCE_PERCENT = 20
export const DEFAULT_MIN_CHANGE_LITRES = 5

export interface FuelParams extends PeriodInput {
  deviceId?: number
  tolerance?: number
  minChange?: number
}

export type Bindings = (string | number | Date)[]

interface Fragment {
  sql: string
  bindings: Bindings
}

/** The chosen vehicle, and the expiry rule (an expired vehicle's data stays hidden). */
function deviceFilter(column: string, deviceId: number | undefined): Fragment {
  const visible = ` AND ${visibleDeviceSql(column)}`
  return deviceId
    ? { sql: ` AND ${column} = ?${visible}`, bindings: [deviceId] }
    : { sql: visible, bindings: [] }
}

/** Fuel readings of the company's positions in the period (level and CAN counter). */
export function fuelReadingsSql(scope: ReportScope<FuelParams>): Fragment {
  const device = deviceFilter('p.device_id', scope.params.deviceId)
  return {
    sql: `SELECT p.device_id, p.fix_time, p.speed, p.latitude, p.longitude,
        (p.attributes->>'fuel')::float8 AS fuel,
        (p.attributes->>'fuelUsed')::float8 AS fuel_used
      FROM positions p
      WHERE p.company_id = ? AND p.fix_time >= ? AND p.fix_time < ?${device.sql}
        AND (p.attributes->>'fuel' IS NOT NULL OR p.attributes->>'fuelUsed' IS NOT NULL)`,
    bindings: [
      scope.context.companyId,
      scope.period.from.toJSDate(),
      scope.period.to.toJSDate(),
      ...device.bindings,
    ],
  }
}

/**
 * Refuels and drops found in the fuel level, from the CTE `fuel_readings`: one row per event
 * with its device, kind, start and end, litres (positive), the level before and after, and
 * where it began.
 */
export function fuelEventsSql(minChange: number): Fragment {
  return {
    sql: `SELECT device_id, kind, min(fix_time) AS start_time, max(fix_time) AS end_time,
        round(abs(sum(delta))::numeric, 1)::float8 AS litres,
        round(((array_agg(fuel - delta ORDER BY fix_time))[1])::numeric, 1)::float8 AS level_before,
        round(((array_agg(fuel ORDER BY fix_time DESC))[1])::numeric, 1)::float8 AS level_after,
        (array_agg(latitude ORDER BY fix_time))[1] AS latitude,
        (array_agg(longitude ORDER BY fix_time))[1] AS longitude
      FROM (
        SELECT *, sum(CASE WHEN kind IS DISTINCT FROM previous_kind THEN 1 ELSE 0 END)
            OVER (PARTITION BY device_id ORDER BY fix_time) AS island
        FROM (
          SELECT *, lag(kind) OVER (PARTITION BY device_id ORDER BY fix_time) AS previous_kind
          FROM (
            SELECT *, CASE
                WHEN delta >= ${FUEL_NOISE_LITRES} THEN 'refuel'
                WHEN delta <= -${FUEL_NOISE_LITRES} AND speed < ${STANDING_KMH} THEN 'drop'
              END AS kind
            FROM (
              SELECT device_id, fix_time, speed, latitude, longitude, fuel,
                fuel - lag(fuel) OVER (PARTITION BY device_id ORDER BY fix_time) AS delta
              FROM fuel_readings WHERE fuel IS NOT NULL
            ) deltas
          ) kinds
        ) marked
      ) islands
      WHERE kind IS NOT NULL
      GROUP BY device_id, kind, island
      HAVING abs(sum(delta)) >= ?`,
    bindings: [minChange],
  }
}

/**
 * The three sources per vehicle (`by: 'vehicle'`) or per vehicle and local day (`by: 'day'`),
 * as the CTEs of a query whose last one, `fuel_rows`, has one row per key with the figures.
 */
export function fuelSummaryCtes(
  scope: ReportScope<FuelParams>,
  by: 'vehicle' | 'day'
): { name: string; fragment: Fragment }[] {
  const zone = scope.context.timezone
  const { companyId } = scope.context
  const from = scope.period.from.toJSDate()
  const to = scope.period.to.toJSDate()
  const fromDate = scope.period.from.toISODate()!
  const toDate = scope.period.to.toISODate()!
  const tolerance = (scope.params.tolerance ?? DEFAULT_TOLERANCE_PERCENT) / 100
  const minChange = scope.params.minChange ?? DEFAULT_MIN_CHANGE_LITRES
  const dayOf = (column: string) =>
    by === 'day' ? `(${column} AT TIME ZONE ?)::date` : 'NULL::date'
  const dayBinding = by === 'day' ? [zone] : []
  const tripDevice = deviceFilter('t.device_id', scope.params.deviceId)
  const stopDevice = deviceFilter('s.device_id', scope.params.deviceId)
  const logDevice = deviceFilter('f.device_id', scope.params.deviceId)

  return [
    { name: 'fuel_readings', fragment: fuelReadingsSql(scope) },
    { name: 'fuel_events', fragment: fuelEventsSql(minChange) },
    {
      name: 'trip_figures',
      fragment: {
        sql: `SELECT t.device_id, ${dayOf('t.start_time')} AS day, sum(t.distance) AS distance,
            sum(t.duration - t.idle_duration) AS driving, sum(t.idle_duration) AS idle
          FROM trips t
          WHERE t.company_id = ? AND t.start_time >= ? AND t.start_time < ?${tripDevice.sql}
          GROUP BY 1, 2`,
        bindings: [...dayBinding, companyId, from, to, ...tripDevice.bindings],
      },
    },
    {
      name: 'stop_figures',
      fragment: {
        sql: `SELECT s.device_id, ${dayOf('s.start_time')} AS day, sum(s.engine_on_duration) AS idle
          FROM stops s
          WHERE s.company_id = ? AND s.start_time >= ? AND s.start_time < ?${stopDevice.sql}
          GROUP BY 1, 2`,
        bindings: [...dayBinding, companyId, from, to, ...stopDevice.bindings],
      },
    },
    {
      name: 'level_figures',
      fragment: {
        sql: `SELECT device_id, ${dayOf('fix_time')} AS day,
            (array_agg(fuel ORDER BY fix_time) FILTER (WHERE fuel IS NOT NULL))[1] AS first_level,
            (array_agg(fuel ORDER BY fix_time DESC) FILTER (WHERE fuel IS NOT NULL))[1] AS last_level,
            max(fuel_used) - min(fuel_used) AS can_used
          FROM fuel_readings GROUP BY 1, 2`,
        bindings: [...dayBinding],
      },
    },
    {
      name: 'event_figures',
      fragment: {
        sql: `SELECT device_id, ${dayOf('start_time')} AS day,
            count(*) FILTER (WHERE kind = 'refuel') AS refuels,
            coalesce(sum(litres) FILTER (WHERE kind = 'refuel'), 0) AS refuelled,
            count(*) FILTER (WHERE kind = 'drop') AS drops,
            coalesce(sum(litres) FILTER (WHERE kind = 'drop'), 0) AS dropped
          FROM fuel_events GROUP BY 1, 2`,
        bindings: [...dayBinding],
      },
    },
    {
      name: 'log_figures',
      fragment: {
        sql: `SELECT f.device_id, ${by === 'day' ? 'f.entry_date' : 'NULL::date'} AS day,
            sum(f.litres)::float8 AS litres, sum(f.total_cents)::float8 / 100 AS cost,
            count(*) AS entries
          FROM fuel_entries f
          WHERE f.company_id = ? AND f.entry_date >= ?::date AND f.entry_date < ?::date${logDevice.sql}
          GROUP BY 1, 2`,
        bindings: [companyId, fromDate, toDate, ...logDevice.bindings],
      },
    },
    {
      name: 'fuel_keys',
      fragment: {
        sql: `SELECT device_id, day FROM trip_figures
          UNION SELECT device_id, day FROM stop_figures
          UNION SELECT device_id, day FROM level_figures
          UNION SELECT device_id, day FROM log_figures`,
        bindings: [],
      },
    },
    {
      name: 'fuel_sources',
      fragment: {
        sql: `SELECT k.device_id, k.day,
            coalesce(tf.distance, 0) AS distance,
            coalesce(tf.driving, 0) AS driving,
            coalesce(tf.idle, 0) + coalesce(sf.idle, 0) AS idle,
            coalesce(tf.distance, 0) / 1000 * d.average_consumption / 100
              + (coalesce(tf.idle, 0) + coalesce(sf.idle, 0)) / 3600.0 * coalesce(d.idle_consumption, 0)
              AS estimate,
            CASE
              WHEN lf.can_used IS NOT NULL THEN lf.can_used
              WHEN lf.first_level IS NOT NULL THEN greatest(0, lf.first_level - lf.last_level
                + coalesce(ef.refuelled, 0) - coalesce(ef.dropped, 0))
            END AS tracker,
            lf.first_level IS NOT NULL AS has_level,
            coalesce(ef.refuels, 0) AS refuels, coalesce(ef.refuelled, 0) AS refuelled,
            coalesce(ef.drops, 0) AS drops, coalesce(ef.dropped, 0) AS dropped,
            coalesce(lg.litres, 0) AS logged, lg.cost AS cost, coalesce(lg.entries, 0) AS entries
          FROM fuel_keys k
          JOIN devices d ON d.id = k.device_id AND d.company_id = ?
          LEFT JOIN trip_figures tf ON tf.device_id = k.device_id AND tf.day IS NOT DISTINCT FROM k.day
          LEFT JOIN stop_figures sf ON sf.device_id = k.device_id AND sf.day IS NOT DISTINCT FROM k.day
          LEFT JOIN level_figures lf ON lf.device_id = k.device_id AND lf.day IS NOT DISTINCT FROM k.day
          LEFT JOIN event_figures ef ON ef.device_id = k.device_id AND ef.day IS NOT DISTINCT FROM k.day
          LEFT JOIN log_figures lg ON lg.device_id = k.device_id AND lg.day IS NOT DISTINCT FROM k.day`,
        bindings: [companyId],
      },
    },
    {
      name: 'fuel_rows',
      fragment: {
        sql: `SELECT s.*,
            CASE
              WHEN s.tracker > 0 AND s.estimate > 0
                AND abs(s.tracker - s.estimate) > ? * greatest(s.tracker, s.estimate)
              THEN true ELSE false END AS tracker_mismatch,
            CASE
              WHEN s.has_level AND (s.logged > 0 OR s.refuelled > 0)
                AND abs(s.logged - s.refuelled) > ? * greatest(s.logged, s.refuelled)
              THEN true ELSE false END AS log_mismatch
          FROM fuel_sources s`,
        bindings: [tolerance, tolerance],
      },
    },
  ]
}

/** A litres figure rounded to 0.1 l, as SQL. */
export const litres = (expression: string) => `round((${expression})::numeric, 1)`

/** Litres per 100 km, as SQL (NULL without distance). */
export const per100 = (litresSql: string, metresSql: string) =>
  `CASE WHEN ${metresSql} > 0 THEN round((${litresSql} / (${metresSql} / 1000.0) * 100)::numeric, 2) END`

/** Which sources disagree: `tracker_estimate`, `log_refuels`, `both`, or NULL. */
export const mismatchSql = `CASE
    WHEN tracker_mismatch AND log_mismatch THEN 'both'
    WHEN tracker_mismatch THEN 'tracker_estimate'
    WHEN log_mismatch THEN 'log_refuels'
  END`

export const mismatchValues = ['tracker_estimate', 'log_refuels', 'both'] as const
