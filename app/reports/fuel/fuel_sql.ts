import type { ReportScope } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { visibleDeviceSql } from '#services/billing/expiry_rule'
import { rollupWindows } from '#reports/fuel/rollup_windows'
import { dayBoundaries } from '#reports/telematics'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'
import {
  FILL_UP_WINDOW_DAYS,
  FLAGGED_FILL_UP_STATUSES,
  fillUpStatusSql,
} from '#reports/fuel/fill_up_match'

/**
 * The SQL behind the fuel reports: fuel from three sources side by side.
 *
 * 1. The estimate, from the vehicle's average driving consumption (l/100 km) and idle
 *    consumption (l/h) (spec §3): driven km × l/100 km ÷ 100 + engine-on standing hours × l/h.
 *    Distance, driving and idle time come from the trips (and engine-on time at stops), so the
 *    estimate agrees with the trip reports.
 * 2. The tracker's own figures: the CAN "fuel used" counter (`fuelUsed`, litres) when it sends
 *    one, else the fuel level (`fuel`, litres): level at the start − level at the end + litres
 *    refuelled − litres lost in drops. Refuels and drops are found in the level as positions
 *    arrive (`rollUp` in app/tracking/pipeline/sensor_rollup.ts): consecutive readings that
 *    each rise (refuel) or, standing still, each fall (drop) by at least the sensor's noise
 *    form one event, kept here when it adds up to at least `minChange` litres. Levels and
 *    counters are read from the hourly rollup `fuel_hours`, not from every position.
 * 3. The fuel log: litres and amounts of the fuel entries.
 *
 * A row is flagged when the tracker and the estimate differ by more than `tolerance` % of the
 * larger one, or when one of its fill-ups (fuel log entries) does not match a refuel the level
 * shows (app/reports/fuel/fill_up_match.ts: a possible theft or a wrong fuel card). Fill-ups are
 * checked one by one, so a month's row counts them instead of comparing month totals.
 */
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

/**
 * The fuel hours of the company's vehicles in the period (CTE `fuel_hour_rows`): the hourly
 * rollup for whole hours, and for hours cut by a boundary of the period (or, `byDay`, of a
 * day) the same figures from the positions of each piece. `at` is the row's hour or piece start.
 */
export function fuelHourRowsSql(
  scope: ReportScope<FuelParams>,
  byDay: boolean
): Fragment & { wholeHours: boolean } {
  const windows = rollupWindows(scope.period.from, scope.period.to, byDay)
  const hours = deviceFilter('h.device_id', scope.params.deviceId)
  const positions = deviceFilter('p.device_id', scope.params.deviceId)
  // Only with cut hours: the raw part's estimated cost alone would make PostgreSQL JIT-compile.
  const cut = windows.segments.length > 0
  const pieces = !cut
    ? ''
    : `
      UNION ALL
      SELECT r.device_id, r.at,
        min(r.fix_time) FILTER (WHERE r.fuel IS NOT NULL),
        (array_agg(r.fuel ORDER BY r.fix_time) FILTER (WHERE r.fuel IS NOT NULL))[1],
        max(r.fix_time) FILTER (WHERE r.fuel IS NOT NULL),
        (array_agg(r.fuel ORDER BY r.fix_time DESC) FILTER (WHERE r.fuel IS NOT NULL))[1],
        min(r.fuel_used), max(r.fuel_used)
      FROM (
        SELECT p.device_id, s.start AS at, p.fix_time,
          (p.attributes->>'fuel')::float8 AS fuel, (p.attributes->>'fuelUsed')::float8 AS fuel_used
        FROM unnest(?::timestamptz[], ?::timestamptz[]) AS s(start, finish)
        CROSS JOIN LATERAL (
          SELECT p.device_id, p.fix_time, p.attributes FROM positions p
          WHERE p.company_id = ? AND p.fix_time >= s.start AND p.fix_time < s.finish
            AND (p.attributes->>'fuel' IS NOT NULL OR p.attributes->>'fuelUsed' IS NOT NULL)${positions.sql}
          OFFSET 0
        ) p
      ) r
      GROUP BY r.device_id, r.at`
  return {
    wholeHours: !cut,
    sql: `SELECT h.device_id, h.hour AS at, h.first_time, h.first_level, h.last_time, h.last_level,
        h.min_used, h.max_used
      FROM fuel_hours h
      WHERE h.company_id = ? AND h.hour >= ? AND h.hour <= ?
        AND h.hour <> ALL(?::timestamptz[])${hours.sql}
${pieces}`,
    bindings: [
      scope.context.companyId,
      windows.firstHour,
      windows.lastHour,
      windows.cutHours,
      ...hours.bindings,
      ...(cut
        ? [
            windows.segmentStarts,
            windows.segmentEnds,
            scope.context.companyId,
            ...positions.bindings,
          ]
        : []),
    ],
  }
}

/**
 * Refuels and drops that start in the period (CTE `fuel_events`), of at least `minChange`
 * litres: one row per event with its device, kind, start and end, litres (positive), the level
 * before and after, and where it began.
 */
export function fuelEventsSql(scope: ReportScope<FuelParams>): Fragment {
  const device = deviceFilter('e.device_id', scope.params.deviceId)
  return {
    sql: `SELECT e.device_id, e.kind, e.start_time, e.end_time,
        round(abs(e.litres)::numeric, 1)::float8 AS litres,
        round(e.level_before::numeric, 1)::float8 AS level_before,
        round(e.level_after::numeric, 1)::float8 AS level_after,
        e.latitude, e.longitude
      FROM fuel_level_events e
      WHERE e.company_id = ? AND e.start_time >= ? AND e.start_time < ?${device.sql}
        AND abs(e.litres) >= ?`,
    bindings: [
      scope.context.companyId,
      scope.period.from.toJSDate(),
      scope.period.to.toJSDate(),
      ...device.bindings,
      scope.params.minChange ?? DEFAULT_MIN_CHANGE_LITRES,
    ],
  }
}

/**
 * `level_figures` per vehicle and local day when every day starts on a whole hour: the day's
 * first and last fuel level by the fuel hours' (device_id, hour) key — one probe each, where
 * grouping the month's hourly rows read them all — and the CAN counter's rise over the day for
 * the vehicles that send one. Only the vehicle-days with a fuel hour, as the grouping gave.
 */
function levelDaysByKey(scope: ReportScope<FuelParams>): Fragment {
  const { period } = scope
  const days = dayBoundaries(period)
  const starts = days.slice(0, -1)
  const ends = days.slice(1)
  const device = deviceFilter('dv.id', scope.params.deviceId)
  const first = scope.period.from.toJSDate()
  const last = scope.period.to.toJSDate()
  const inDay = `h.device_id = v.id AND h.hour >= b.start AND h.hour < b.finish`
  return {
    sql: `SELECT * FROM (
        SELECT v.id AS device_id, b.day,
          (SELECT h.first_level FROM fuel_hours h
            WHERE ${inDay} AND h.first_level IS NOT NULL ORDER BY h.hour LIMIT 1) AS first_level,
          (SELECT h.last_level FROM fuel_hours h
            WHERE ${inDay} AND h.last_level IS NOT NULL ORDER BY h.hour DESC LIMIT 1) AS last_level,
          CASE WHEN v.counter THEN (SELECT max(h.max_used) - min(h.min_used) FROM fuel_hours h
            WHERE ${inDay}) END AS can_used
        FROM (
          SELECT dv.id, EXISTS (SELECT 1 FROM fuel_hours h WHERE h.device_id = dv.id
              AND h.hour >= ? AND h.hour < ? AND h.min_used IS NOT NULL) AS counter
          FROM devices dv
          WHERE dv.company_id = ?${device.sql}
            AND EXISTS (SELECT 1 FROM fuel_hours h WHERE h.device_id = dv.id
              AND h.hour >= ? AND h.hour < ?)
        ) v
        CROSS JOIN unnest(?::timestamptz[], ?::timestamptz[], ?::date[]) AS b(start, finish, day)
      ) days
      -- A fuel hour holds a level or the counter: a day without either had no fuel hour.
      WHERE first_level IS NOT NULL OR can_used IS NOT NULL`,
    bindings: [
      first,
      last,
      scope.context.companyId,
      ...device.bindings,
      first,
      last,
      pgArrayLiteral(starts.map((start) => start.toJSDate())),
      pgArrayLiteral(ends.map((end) => end.toJSDate())),
      pgArrayLiteral(starts.map((start) => start.toISODate()!)),
    ],
  }
}

/**
 * The three sources per vehicle (`by: 'vehicle'`) or per vehicle and local day (`by: 'day'`),
 * as the CTEs of a query whose last one, `fuel_rows`, has one row per key with the figures.
 */
export function fuelSummaryCtes(
  scope: ReportScope<FuelParams>,
  by: 'vehicle' | 'day'
): { name: string; fragment: Fragment; inlined?: boolean }[] {
  const zone = scope.context.timezone
  const { companyId } = scope.context
  const from = scope.period.from.toJSDate()
  const to = scope.period.to.toJSDate()
  const fromDate = scope.period.from.toISODate()!
  const toDate = scope.period.to.toISODate()!
  const tolerance = (scope.params.tolerance ?? DEFAULT_TOLERANCE_PERCENT) / 100
  const dayOf = (column: string) =>
    by === 'day' ? `(${column} AT TIME ZONE ?)::date` : 'NULL::date'
  const dayBinding = by === 'day' ? [zone] : []
  const tripDevice = deviceFilter('t.device_id', scope.params.deviceId)
  const stopDevice = deviceFilter('s.device_id', scope.params.deviceId)
  const logDevice = deviceFilter('f.device_id', scope.params.deviceId)
  const hourRows = fuelHourRowsSql(scope, by === 'day')
  const levelDevice = deviceFilter('dv.id', scope.params.deviceId)
  // Per vehicle, every day is NULL: the device alone is the key. An equality PostgreSQL can
  // hash (IS NOT DISTINCT FROM made it merge-join each key with all of its vehicle's days).
  const sameKey = (alias: string) =>
    by === 'day'
      ? `${alias}.device_id = k.device_id AND ${alias}.day = k.day`
      : `${alias}.device_id = k.device_id`

  return [
    {
      name: 'fuel_hour_rows',
      fragment: hourRows,
      // Whole hours only (no positions read): read where used rather than kept in memory.
      inlined: hourRows.wholeHours,
    },
    { name: 'fuel_events', fragment: fuelEventsSql(scope) },
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
      fragment:
        by === 'day' && hourRows.wholeHours
          ? levelDaysByKey(scope)
          : {
              // The earliest first level and the latest last level as the smallest / largest
              // [time, level] pair: an aggregate without a sort per vehicle and day.
              sql: `SELECT device_id, ${dayOf('at')} AS day,
            (min(ARRAY[extract(epoch FROM first_time), first_level])
              FILTER (WHERE first_level IS NOT NULL))[2] AS first_level,
            (max(ARRAY[extract(epoch FROM last_time), last_level])
              FILTER (WHERE last_level IS NOT NULL))[2] AS last_level,
            max(max_used) - min(min_used) AS can_used
          FROM fuel_hour_rows GROUP BY 1, 2`,
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
      // Read once: an EXISTS per fuel entry over fuel_hour_rows scanned the whole CTE for each
      // entry (11 s for a month of 200 vehicles). Over whole hours, one probe per vehicle.
      name: 'level_devices',
      fragment: hourRows.wholeHours
        ? {
            sql: `SELECT dv.id AS device_id FROM devices dv
              WHERE dv.company_id = ?${levelDevice.sql}
                AND EXISTS (SELECT 1 FROM fuel_hours h WHERE h.device_id = dv.id
                  AND h.hour >= ? AND h.hour < ? AND h.first_level IS NOT NULL)`,
            bindings: [companyId, ...levelDevice.bindings, from, to],
          }
        : {
            sql: `SELECT DISTINCT device_id FROM fuel_hour_rows WHERE first_level IS NOT NULL`,
            bindings: [],
          },
    },
    {
      // The closest refuel of each fill-up: fuel_events' rows read through fuel_level_events'
      // (device_id, start_time) key, bounded a day past the window's local dates (any zone),
      // instead of a scan of the CTE per fuel entry.
      name: 'fill_up_checks',
      fragment: {
        sql: `SELECT f.id, f.device_id, f.entry_date, ${fillUpStatusSql({
          litres: 'f.litres',
          tankCapacity: 'f.tank_capacity',
          levelSensor: 'f.level_sensor',
          closestRefuelLitres: 'f.closest_refuel_litres',
        })} AS status
          FROM (
            SELECT f.id, f.device_id, f.entry_date, f.litres::float8 AS litres,
              d.tank_capacity::float8 AS tank_capacity,
              f.device_id IN (SELECT device_id FROM level_devices) AS level_sensor,
              (SELECT e.litres FROM (
                  SELECT round(abs(e.litres)::numeric, 1)::float8 AS litres, e.start_time
                  FROM fuel_level_events e
                  WHERE e.device_id = f.device_id AND e.kind = 'refuel'
                    AND e.start_time >= ? AND e.start_time < ? AND abs(e.litres) >= ?
                    AND e.start_time >= f.entry_date - ${FILL_UP_WINDOW_DAYS + 1}
                    AND e.start_time < f.entry_date + ${FILL_UP_WINDOW_DAYS + 2}
                    AND (e.start_time AT TIME ZONE ?)::date
                      BETWEEN f.entry_date - ${FILL_UP_WINDOW_DAYS} AND f.entry_date + ${FILL_UP_WINDOW_DAYS}
                ) e
                ORDER BY abs(e.litres - f.litres), e.start_time LIMIT 1) AS closest_refuel_litres
            FROM fuel_entries f
            JOIN devices d ON d.id = f.device_id
            WHERE f.company_id = ? AND f.entry_date >= ?::date AND f.entry_date < ?::date${logDevice.sql}
            -- Kept a subquery of its own: pulled up, the closest refuel ran once per use (three).
            OFFSET 0
          ) f`,
        bindings: [
          tolerance,
          from,
          to,
          scope.params.minChange ?? DEFAULT_MIN_CHANGE_LITRES,
          zone,
          companyId,
          fromDate,
          toDate,
          ...logDevice.bindings,
        ],
      },
    },
    {
      name: 'fill_up_figures',
      fragment: {
        sql: `SELECT device_id, ${by === 'day' ? 'entry_date' : 'NULL::date'} AS day,
            count(*) FILTER (WHERE status IN (${FLAGGED_FILL_UP_STATUSES.map((status) => `'${status}'`).join(', ')}))
              AS flagged
          FROM fill_up_checks GROUP BY 1, 2`,
        bindings: [],
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
            lf.first_level IS NULL AND lf.can_used IS NOT NULL AS counter_only,
            coalesce(fu.flagged, 0) AS flagged_fill_ups,
            coalesce(ef.refuels, 0) AS refuels, coalesce(ef.refuelled, 0) AS refuelled,
            coalesce(ef.drops, 0) AS drops, coalesce(ef.dropped, 0) AS dropped,
            coalesce(lg.litres, 0) AS logged, lg.cost AS cost, coalesce(lg.entries, 0) AS entries
          FROM fuel_keys k
          JOIN devices d ON d.id = k.device_id AND d.company_id = ?
          LEFT JOIN trip_figures tf ON ${sameKey('tf')}
          LEFT JOIN stop_figures sf ON ${sameKey('sf')}
          LEFT JOIN level_figures lf ON ${sameKey('lf')}
          LEFT JOIN event_figures ef ON ${sameKey('ef')}
          LEFT JOIN log_figures lg ON ${sameKey('lg')}
          LEFT JOIN fill_up_figures fu ON ${sameKey('fu')}`,
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
            s.flagged_fill_ups > 0 AS log_mismatch
          FROM fuel_sources s`,
        bindings: [tolerance],
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
