import db from '@adonisjs/lucid/services/db'
import { POSITION_HOUR_COLUMNS, POSITION_HOUR_MERGE } from '#tracking/rebuild'

/**
 * Recomputes a device's position hours (the hourly rollup the reports read odometers from)
 * for the whole UTC hours from `from`'s to `to`'s from its stored positions, as the
 * position_hours migration filled them. For positions written other than through the ingest
 * (`trips:rebuild` after an import, tests). An ingest batch of the same hours meanwhile
 * merges into the rows written here, the same as into its own.
 */
export async function rebuildPositionHours(deviceId: number, from: Date, to: Date) {
  return db.transaction(async (trx) => {
    const hours = `hour >= date_trunc('hour', ?::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
      AND hour <= date_trunc('hour', ?::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`
    await trx.rawQuery(`DELETE FROM position_hours WHERE device_id = ? AND ${hours}`, [
      deviceId,
      from,
      to,
    ])
    const result = await trx.rawQuery(
      `INSERT INTO position_hours AS h (${POSITION_HOUR_COLUMNS})
       SELECT d.company_id, p.device_id, p.hour, min(p.fix_time), max(p.fix_time),
         min(p.fix_time) FILTER (WHERE p.odometer IS NOT NULL),
         (array_agg(p.odometer ORDER BY p.fix_time) FILTER (WHERE p.odometer IS NOT NULL))[1],
         max(p.fix_time) FILTER (WHERE p.odometer IS NOT NULL),
         (array_agg(p.odometer ORDER BY p.fix_time DESC) FILTER (WHERE p.odometer IS NOT NULL))[1]
       FROM (SELECT device_id, fix_time, (attributes->>'odometer')::float8 AS odometer,
           date_trunc('hour', fix_time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour
         FROM positions
         WHERE device_id = ?
           AND fix_time >= date_trunc('hour', ?::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
           AND fix_time < date_trunc('hour', ?::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
             + interval '1 hour') p
       JOIN devices d ON d.id = p.device_id
       GROUP BY d.company_id, p.device_id, p.hour
       ${POSITION_HOUR_MERGE}`,
      [deviceId, from, to]
    )
    return { hours: result.rowCount ?? 0 }
  })
}
