import type {
  DatabaseQueryBuilderContract,
  RawQueryBindings,
} from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ReportScope } from '#reports/engine/definition'
import { MAP_FEATURE_LIMIT, type ReportMap } from '#shared/report_map'
import type { PeriodInput } from '#reports/engine/period'
import { whereVehicles } from '#reports/telematics'

type VehicleParams = Parameters<typeof whereVehicles>[2]

/** At most this many points per trip line: enough for its shape at a fleet's zoom. */
const POINTS_PER_TRIP = 40

const round5 = (value: unknown) => Math.round(Number(value) * 1e5) / 1e5

/**
 * The trips of a report's period as lines (docs/geocoding.md, "From a row to the map"): the
 * first MAP_FEATURE_LIMIT trips of `trips` (a query over `trips` with the report's filters)
 * with their positions thinned to POINTS_PER_TRIP, read on the positions' (device_id,
 * fix_time) key; a trip without stored positions is drawn from its start to its end.
 */
export async function tripLines(
  client: QueryClientContract,
  trips: DatabaseQueryBuilderContract
): Promise<Pick<ReportMap, 'trips' | 'truncated'>> {
  const chosen = trips
    .clearSelect()
    .clearOrder()
    .select(
      'trips.id',
      'trips.device_id',
      'trips.start_time',
      'trips.end_time',
      'trips.start_latitude',
      'trips.start_longitude',
      'trips.end_latitude',
      'trips.end_longitude'
    )
    .orderBy('trips.start_time', 'asc')
    .orderBy('trips.id', 'asc')
    .limit(MAP_FEATURE_LIMIT + 1)
  const { sql, bindings } = chosen.toSQL()
  const result = await client.rawQuery(
    `SELECT t.*, line.path
       FROM (${sql}) t
       CROSS JOIN LATERAL (
         SELECT json_agg(json_build_array(p.latitude, p.longitude) ORDER BY p.fix_time) AS path
           FROM (
             SELECT latitude, longitude, fix_time,
                    row_number() OVER (ORDER BY fix_time) AS n,
                    count(*) OVER () AS total
               FROM positions
              WHERE device_id = t.device_id
                AND fix_time >= t.start_time AND fix_time <= t.end_time
           ) p
          WHERE (p.n - 1) % greatest(1, ceil(p.total / ?::numeric))::int = 0 OR p.n = p.total
       ) line
      ORDER BY t.start_time, t.id`,
    [...bindings, POINTS_PER_TRIP] as RawQueryBindings
  )
  const rows = result.rows as {
    device_id: number | string
    start_time: Date
    start_latitude: number | null
    start_longitude: number | null
    end_latitude: number | null
    end_longitude: number | null
    path: [number, number][] | null
  }[]
  return {
    truncated: rows.length > MAP_FEATURE_LIMIT,
    trips: rows.slice(0, MAP_FEATURE_LIMIT).flatMap((row) => {
      const path: [number, number][] =
        row.path && row.path.length > 1
          ? row.path.map(([lat, lon]) => [round5(lat), round5(lon)])
          : [
              [row.start_latitude, row.start_longitude],
              [row.end_latitude, row.end_longitude],
            ].flatMap(([lat, lon]) =>
              lat === null || lon === null ? [] : [[round5(lat), round5(lon)] as [number, number]]
            )
      if (path.length === 0) return []
      return [{ deviceId: Number(row.device_id), startTime: row.start_time.toISOString(), path }]
    }),
  }
}

/** The stops of a report's period as markers: the first MAP_FEATURE_LIMIT of `stops`. */
export async function stopMarkers(
  stops: DatabaseQueryBuilderContract
): Promise<Pick<ReportMap, 'stops' | 'truncated'>> {
  const rows = (await stops
    .clearSelect()
    .clearOrder()
    .select('stops.device_id', 'stops.start_time', 'stops.latitude', 'stops.longitude')
    .whereNotNull('stops.latitude')
    .orderBy('stops.start_time', 'asc')
    .orderBy('stops.id', 'asc')
    .limit(MAP_FEATURE_LIMIT + 1)) as {
    device_id: number | string
    start_time: Date
    latitude: number | null
    longitude: number | null
  }[]
  return {
    truncated: rows.length > MAP_FEATURE_LIMIT,
    stops: rows.slice(0, MAP_FEATURE_LIMIT).map((row) => ({
      deviceId: Number(row.device_id),
      startTime: row.start_time.toISOString(),
      lat: round5(row.latitude),
      lon: round5(row.longitude),
    })),
  }
}

/** The rows of `table` (trips or stops) that started in the period, of the chosen vehicles. */
function periodRows(table: 'trips' | 'stops', scope: ReportScope<PeriodInput & VehicleParams>) {
  const { client, context, params, period } = scope
  const query = client
    .from(table)
    .join('devices', 'devices.id', `${table}.device_id`)
    .where(`${table}.company_id`, context.companyId)
    .where(`${table}.start_time`, '>=', period.from.toJSDate())
    .where(`${table}.start_time`, '<', period.to.toJSDate())
  whereVehicles(query, context.companyId, params)
  return query
}

/**
 * A report's map: its own rows' kind from `own` (trips or stops with the report's filters),
 * the other kind of the same vehicles and period beside them.
 */
export async function reportMap(
  scope: ReportScope<PeriodInput & VehicleParams>,
  own: { trips: DatabaseQueryBuilderContract } | { stops: DatabaseQueryBuilderContract }
): Promise<ReportMap> {
  const trips = await tripLines(
    scope.client,
    'trips' in own ? own.trips : periodRows('trips', scope)
  )
  const stops = await stopMarkers('stops' in own ? own.stops : periodRows('stops', scope))
  return {
    trips: trips.trips,
    stops: stops.stops,
    truncated: trips.truncated || stops.truncated,
  }
}
