import { boundingBox, contains, type BoundingBox, type GeofenceShape } from './geometry.js'

/** A company's zone as the ingest path needs it. */
export interface Zone {
  id: number
  name: string
  shape: GeofenceShape
  /** null: every vehicle of the company; else the ids of the vehicles it applies to. */
  deviceIds: Set<number> | null
}

interface IndexedZone extends Zone {
  box: BoundingBox
}

/** Grid cell size in degrees (about 1.1 km of latitude). */
const CELL = 0.01
/** A zone spanning more cells than this is checked for every position instead. */
const MAX_CELLS = 400

const NONE: number[] = []

function cellKey(latCell: number, lonCell: number) {
  return latCell * 100_000 + lonCell
}

/**
 * One company's zones in memory, bucketed on a grid of CELL degrees so that a position
 * is tested only against the zones whose bounding box touches its cell: with a
 * thousand zones a position costs a handful of comparisons, not a thousand.
 */
export class CompanyZones {
  private readonly cells = new Map<number, IndexedZone[]>()
  private readonly wide: IndexedZone[] = []
  readonly size: number

  constructor(zones: Zone[]) {
    this.size = zones.length
    for (const zone of zones) {
      const indexed: IndexedZone = { ...zone, box: boundingBox(zone.shape) }
      const lat0 = Math.floor(indexed.box.minLat / CELL)
      const lat1 = Math.floor(indexed.box.maxLat / CELL)
      const lon0 = Math.floor(indexed.box.minLon / CELL)
      const lon1 = Math.floor(indexed.box.maxLon / CELL)
      if ((lat1 - lat0 + 1) * (lon1 - lon0 + 1) > MAX_CELLS) {
        this.wide.push(indexed)
        continue
      }
      for (let a = lat0; a <= lat1; a++) {
        for (let o = lon0; o <= lon1; o++) {
          const key = cellKey(a, o)
          const bucket = this.cells.get(key)
          if (bucket) bucket.push(indexed)
          else this.cells.set(key, [indexed])
        }
      }
    }
  }

  /** Ids of the zones applying to the device that contain the point. */
  inside(deviceId: number, lat: number, lon: number): number[] {
    const bucket = this.cells.get(cellKey(Math.floor(lat / CELL), Math.floor(lon / CELL)))
    if (!bucket && this.wide.length === 0) return NONE
    const found: number[] = []
    const test = (zone: IndexedZone) => {
      if (zone.deviceIds && !zone.deviceIds.has(deviceId)) return
      const box = zone.box
      if (lat < box.minLat || lat > box.maxLat || lon < box.minLon || lon > box.maxLon) return
      if (contains(zone.shape, lat, lon)) found.push(zone.id)
    }
    if (bucket) for (const zone of bucket) test(zone)
    for (const zone of this.wide) test(zone)
    return found
  }

  /** Whether the zone still exists and applies to the device. */
  applies(zoneId: number, deviceId: number): boolean {
    const zone = this.zone(zoneId)
    if (!zone) return false
    return zone.deviceIds === null || zone.deviceIds.has(deviceId)
  }

  zone(zoneId: number): Zone | undefined {
    return this.byId().get(zoneId)
  }

  private ids: Map<number, IndexedZone> | null = null
  private byId() {
    if (!this.ids) {
      this.ids = new Map()
      for (const bucket of this.cells.values())
        for (const zone of bucket) this.ids.set(zone.id, zone)
      for (const zone of this.wide) this.ids.set(zone.id, zone)
    }
    return this.ids
  }
}

export const NO_ZONES = new CompanyZones([])
