import db from '@adonisjs/lucid/services/db'

/**
 * Where a vehicle's distances come from (issue 25, point 2): its tracker's own odometer when
 * it reports one that can be trusted, else the distance summed from GPS fixes (which the
 * ingest stores as the odometer of a tracker without one, or while its own is implausible).
 */
export type DistanceSource = 'odometer' | 'gps'

/** The latest positions a vehicle's source is judged on. */
export const SOURCE_SAMPLE = 500

export interface SourceStats {
  positions: number
  /** Positions with the tracker's own odometer (`deviceOdometer`). */
  withDeviceOdometer: number
  /** Of those, the ones whose odometer was judged implausible (reset bases not counted). */
  rejectedOdometer: number
}

/** Share of the fixes that must carry the tracker's odometer for it to be trusted. */
const CARRIED_SHARE = 0.9
/** Largest share of those readings that may have been rejected. */
const REJECTED_SHARE = 0.02

/** Trusted: at least 90 % of the fixes carry the tracker's odometer, at most 2 % rejected. */
export function distanceSourceOf(stats: SourceStats): DistanceSource {
  if (stats.positions === 0 || stats.withDeviceOdometer < stats.positions * CARRIED_SHARE) {
    return 'gps'
  }
  return stats.rejectedOdometer <= stats.withDeviceOdometer * REJECTED_SHARE ? 'odometer' : 'gps'
}

/** The SQL counting a vehicle's latest positions for `distanceSourceOf` (bind the device id). */
export const SOURCE_STATS_SQL = `SELECT count(*)::int AS positions,
    count(*) FILTER (WHERE (l.attributes->>'deviceOdometer') IS NOT NULL)::int AS with_device,
    count(*) FILTER (WHERE jsonb_typeof(l.attributes->'flags') = 'array' AND EXISTS (
      SELECT 1 FROM jsonb_array_elements_text(l.attributes->'flags') f(flag)
      WHERE f.flag LIKE 'odometer:%' AND f.flag <> 'odometer:rebased'))::int AS rejected
  FROM (SELECT p.attributes FROM positions p WHERE p.device_id = ?
        ORDER BY p.fix_time DESC LIMIT ${SOURCE_SAMPLE}) l`

/**
 * The same judgment in SQL, for reports: a `device_id, source` row per device of `devicesSql`
 * (a query selecting an `id` column), the rule of `distanceSourceOf`.
 */
export function distanceSourcesSql(devicesSql: string) {
  return `SELECT c.id AS device_id,
      CASE WHEN s.positions = 0 OR s.with_device < s.positions * ${CARRIED_SHARE} THEN 'gps'
        WHEN s.rejected <= s.with_device * ${REJECTED_SHARE} THEN 'odometer' ELSE 'gps' END
        AS source
    FROM (${devicesSql}) c
    CROSS JOIN LATERAL (${SOURCE_STATS_SQL.replace('p.device_id = ?', 'p.device_id = c.id')}) s`
}

export async function distanceSource(deviceId: number): Promise<DistanceSource> {
  const result = await db.rawQuery(SOURCE_STATS_SQL, [deviceId])
  const row = result.rows[0] ?? {}
  return distanceSourceOf({
    positions: Number(row.positions ?? 0),
    withDeviceOdometer: Number(row.with_device ?? 0),
    rejectedOdometer: Number(row.rejected ?? 0),
  })
}
