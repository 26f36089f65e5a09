import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'

/** Cached addresses are keyed by the coordinate rounded to 4 decimals (about 11 m). */
export const CACHE_DECIMALS = 4
const SCALE = 10 ** CACHE_DECIMALS

export function cacheKey(latitude: number, longitude: number) {
  return { latitudeKey: Math.round(latitude * SCALE), longitudeKey: Math.round(longitude * SCALE) }
}

function keyText(latitudeKey: number, longitudeKey: number) {
  return `${latitudeKey}:${longitudeKey}`
}

/**
 * The street addresses the engine answered, in PostgreSQL (`geocoded_places`), one row per
 * rounded coordinate and language; a null address remembers that the engine had none.
 */
export class PlaceCache {
  constructor(private readonly client: QueryClientContract) {}

  /** The cached addresses of the points, by `latKey:lonKey` (points never asked are absent). */
  async lookup(
    points: { latitude: number; longitude: number }[],
    locale: string
  ): Promise<Map<string, string | null>> {
    const found = new Map<string, string | null>()
    if (points.length === 0) return found
    const keys = points.map((point) => cacheKey(point.latitude, point.longitude))
    const rows = await this.client.rawQuery(
      `SELECT latitude_key, longitude_key, address FROM geocoded_places
        WHERE locale = ? AND (latitude_key, longitude_key) IN (
          SELECT * FROM unnest(?::int[], ?::int[]))`,
      [
        locale,
        pgArrayLiteral(keys.map((key) => key.latitudeKey)),
        pgArrayLiteral(keys.map((key) => key.longitudeKey)),
      ]
    )
    for (const row of rows.rows) {
      found.set(keyText(row.latitude_key, row.longitude_key), row.address)
    }
    return found
  }

  async store(latitude: number, longitude: number, locale: string, address: string | null) {
    const { latitudeKey, longitudeKey } = cacheKey(latitude, longitude)
    await this.client.rawQuery(
      `INSERT INTO geocoded_places (latitude_key, longitude_key, locale, address, resolved_at)
       VALUES (?, ?, ?, ?, now())
       ON CONFLICT (latitude_key, longitude_key, locale)
       DO UPDATE SET address = EXCLUDED.address, resolved_at = EXCLUDED.resolved_at`,
      [latitudeKey, longitudeKey, locale, address as string]
    )
  }

  static keyOf(latitude: number, longitude: number) {
    const { latitudeKey, longitudeKey } = cacheKey(latitude, longitude)
    return keyText(latitudeKey, longitudeKey)
  }
}
