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

/** Trusted: at least 90 % of the fixes carry the tracker's odometer, at most 2 % rejected. */
export function distanceSourceOf(stats: SourceStats): DistanceSource {
  if (stats.positions === 0 || stats.withDeviceOdometer < stats.positions * 0.9) return 'gps'
  return stats.rejectedOdometer <= stats.withDeviceOdometer * 0.02 ? 'odometer' : 'gps'
}

/** The SQL counting a vehicle's latest positions for `distanceSourceOf` (bind the device id). */
export const SOURCE_STATS_SQL = `SELECT count(*)::int AS positions,
    count(*) FILTER (WHERE (l.attributes->>'deviceOdometer') IS NOT NULL)::int AS with_device,
    count(*) FILTER (WHERE jsonb_typeof(l.attributes->'flags') = 'array' AND EXISTS (
      SELECT 1 FROM jsonb_array_elements_text(l.attributes->'flags') f(flag)
      WHERE f.flag LIKE 'odometer:%' AND f.flag <> 'odometer:rebased'))::int AS rejected
  FROM (SELECT p.attributes FROM positions p WHERE p.device_id = ?
        ORDER BY p.fix_time DESC LIMIT ${SOURCE_SAMPLE}) l`

export async function distanceSource(deviceId: number): Promise<DistanceSource> {
  const result = await db.rawQuery(SOURCE_STATS_SQL, [deviceId])
  const row = result.rows[0] ?? {}
  return distanceSourceOf({
    positions: Number(row.positions ?? 0),
    withDeviceOdometer: Number(row.with_device ?? 0),
    rejectedOdometer: Number(row.rejected ?? 0),
  })
}
