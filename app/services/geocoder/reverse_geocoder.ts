import i18nManager from '@adonisjs/i18n/services/main'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import geocoderConfig from '#config/geocoder'
import { CompanyPlaces } from './company_places.js'
import { PlaceCache } from './place_cache.js'
import { geoNamesTowns, type NearestTown, type TownIndex } from './towns.js'

export interface PlacePoint {
  latitude: number
  longitude: number
}

export type Place =
  | { kind: 'company'; name: string }
  | { kind: 'address'; name: string }
  | ({ kind: 'town' } & NearestTown)

/** Within this distance of a town's point the place is the town itself, without a direction. */
export const TOWN_RADIUS_METRES = 1000

export type Translate = (key: string, values?: Record<string, unknown>) => string

/** "Kadıköy, İstanbul": the town and its province (once when they are the same). */
export function townName(town: { name: string; region: string | null }) {
  return town.region && town.region !== town.name ? `${town.name}, ${town.region}` : town.name
}

/** A place as one line of text in a language: "Depot Tuzla", "3 km NE of Kadıköy, İstanbul". */
export function formatPlace(place: Place, locale: string, t: Translate): string {
  if (place.kind !== 'town') return place.name
  const town = townName(place)
  if (place.distanceMetres <= TOWN_RADIUS_METRES) return town
  const km = place.distanceMetres / 1000
  const distance = new Intl.NumberFormat(locale, {
    maximumFractionDigits: km < 10 ? 1 : 0,
  }).format(km)
  return t('geocoding.town_away', {
    distance,
    bearing: t(`geocoding.bearings.${place.bearing}`),
    town,
  })
}

/**
 * Names points for one company: its own geofences and buildings first, then the cached street
 * address (when an engine is configured), then the nearest town. Everything here is local
 * (memory and one cache query per batch): the engine itself is asked only by the place
 * resolution job, so a report never waits on it.
 */
export class ReverseGeocoder {
  constructor(
    private readonly companyPlaces: CompanyPlaces,
    private readonly towns: TownIndex,
    private readonly cache: PlaceCache | null,
    readonly locale: string
  ) {}

  async places(points: (PlacePoint | null)[]): Promise<(Place | null)[]> {
    const result: (Place | null)[] = points.map((point) => {
      if (!point) return null
      const name = this.companyPlaces.nameAt(point.latitude, point.longitude)
      return name ? { kind: 'company', name } : null
    })
    const open = points.flatMap((point, index) =>
      point && !result[index] ? [{ point, index }] : []
    )
    const addresses = this.cache
      ? await this.cache.lookup(
          open.map(({ point }) => point),
          this.locale
        )
      : new Map<string, string | null>()
    for (const { point, index } of open) {
      const address = addresses.get(PlaceCache.keyOf(point.latitude, point.longitude))
      if (address) {
        result[index] = { kind: 'address', name: address }
        continue
      }
      const town = this.towns.nearest(point.latitude, point.longitude)
      result[index] = town ? { kind: 'town', ...town } : null
    }
    return result
  }

  /** The places as text in the geocoder's language; null where a point is missing or nowhere. */
  async names(points: (PlacePoint | null)[], t: Translate): Promise<(string | null)[]> {
    const places = await this.places(points)
    return places.map((place) => (place ? formatPlace(place, this.locale, t) : null))
  }

  static async forCompany(options: {
    client: QueryClientContract
    companyId: number
    locale: string
    towns?: TownIndex
  }) {
    return new ReverseGeocoder(
      await CompanyPlaces.load(options.client, options.companyId),
      options.towns ?? geoNamesTowns(),
      geocoderConfig.url ? new PlaceCache(options.client) : null,
      options.locale
    )
  }
}

/** Names points for a company in a language, with that language's translations. */
export async function placeNamer(client: QueryClientContract, companyId: number, locale: string) {
  const geocoder = await ReverseGeocoder.forCompany({ client, companyId, locale })
  const i18n = i18nManager.locale(locale)
  const t: Translate = (key, values) => i18n.t(key, values as any)
  return (points: (PlacePoint | null)[]) => geocoder.names(points, t)
}

/** "41.100747, 29.024247" (the reports' coordinates column) as a point. */
export function parseCoordinates(text: unknown): PlacePoint | null {
  if (typeof text !== 'string') return null
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text)
  if (!match) return null
  return { latitude: Number(match[1]), longitude: Number(match[2]) }
}
