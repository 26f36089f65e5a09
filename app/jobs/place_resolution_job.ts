import type { DateTime } from 'luxon'
import geocoderConfig from '#config/geocoder'
import { locales } from '#shared/locales'
import { AddressEngine } from '#services/geocoder/address_engine'
import { CACHE_DECIMALS, PlaceCache } from '#services/geocoder/place_cache'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { LockedJob, type JobResult } from './job.js'

/** Only places of the last two days are resolved ahead; older ones keep their town names. */
const LOOKBACK_HOURS = 48

/**
 * Asks the street-address engine (GEOCODER_URL) for the places reports show, off the ingest
 * path: trip starts and ends, stops, idle periods and alarms of the last two days whose
 * rounded coordinate has no cached answer yet, newest first, in each language. A run asks at
 * most `perRun` points (at GEOCODER_RATE a second that fits in the minute between runs).
 */
export class PlaceResolutionJob extends LockedJob {
  readonly name = 'place_resolution'

  constructor(
    private readonly engine: AddressEngine | null = geocoderConfig.url
      ? new AddressEngine({
          url: geocoderConfig.url,
          kind: geocoderConfig.engine,
          ratePerSecond: geocoderConfig.ratePerSecond,
        })
      : null,
    private readonly perRun = Math.max(1, Math.floor(geocoderConfig.ratePerSecond * 50))
  ) {
    super()
  }

  /** Under the job's lock, one process at a time asks the engine; its answers commit with the run. */
  protected async perform(now: DateTime, trx: TransactionClientContract): Promise<JobResult> {
    const engine = this.engine
    if (!engine) return { affected: 0 }
    const since = now.minus({ hours: LOOKBACK_HOURS }).toJSDate()
    const scale = 10 ** CACHE_DECIMALS
    const { rows } = await trx.rawQuery(
      `WITH points AS (
            SELECT start_latitude AS lat, start_longitude AS lon, start_time AS t
              FROM trips WHERE start_time >= ?
            UNION ALL SELECT end_latitude, end_longitude, end_time FROM trips WHERE end_time >= ?
            UNION ALL SELECT latitude, longitude, start_time FROM stops WHERE start_time >= ?
            UNION ALL SELECT latitude, longitude, start_time FROM idle_periods WHERE start_time >= ?
            UNION ALL SELECT latitude, longitude, event_time FROM events WHERE event_time >= ?
          ), keyed AS (
            SELECT round(lat * ?)::int AS lk, round(lon * ?)::int AS ok, max(t) AS t
              FROM points WHERE lat IS NOT NULL AND lon IS NOT NULL GROUP BY 1, 2
          )
          SELECT k.lk, k.ok, l.locale FROM keyed k CROSS JOIN unnest(?::text[]) AS l(locale)
           WHERE NOT EXISTS (SELECT 1 FROM geocoded_places g
                  WHERE g.latitude_key = k.lk AND g.longitude_key = k.ok AND g.locale = l.locale)
           ORDER BY k.t DESC, k.lk, k.ok, l.locale
           LIMIT ?`,
      [
        ...Array(5).fill(since),
        scale,
        scale,
        pgArrayLiteral(locales.map((locale) => locale.code)),
        this.perRun,
      ]
    )
    const cache = new PlaceCache(trx)
    let affected = 0
    for (const row of rows as { lk: number; ok: number; locale: string }[]) {
      const latitude = row.lk / scale
      const longitude = row.ok / scale
      const address = await engine.reverse(latitude, longitude, row.locale)
      if (address === undefined) continue
      await cache.store(latitude, longitude, row.locale, address)
      affected++
    }
    return { affected }
  }
}
