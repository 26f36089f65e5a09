import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import {
  boundingBox,
  contains,
  type BoundingBox,
  type GeofenceShape,
} from '#tracking/geofences/geometry'
import { nearestBuilding, type BuildingPoint } from '#services/settings/buildings'

interface NamedZone {
  name: string
  shape: GeofenceShape
  box: BoundingBox
}

/** A building names the points within this distance of it. */
export const BUILDING_RADIUS_METRES = 150

/**
 * A company's own places: its geofences (a point inside one takes its name, the smallest
 * first) and its buildings (a point within 150 m takes the nearest one's name).
 */
export class CompanyPlaces {
  private readonly zones: NamedZone[]

  constructor(
    zones: { name: string; shape: GeofenceShape }[],
    private readonly buildings: BuildingPoint[]
  ) {
    this.zones = zones
      .map((zone) => ({ ...zone, box: boundingBox(zone.shape) }))
      .sort((a, b) => area(a.box) - area(b.box))
  }

  nameAt(latitude: number, longitude: number): string | null {
    for (const { name, shape, box } of this.zones) {
      if (latitude < box.minLat || latitude > box.maxLat) continue
      if (longitude < box.minLon || longitude > box.maxLon) continue
      if (contains(shape, latitude, longitude)) return name
    }
    return (
      nearestBuilding(this.buildings, latitude, longitude, BUILDING_RADIUS_METRES)?.name ?? null
    )
  }

  static async load(client: QueryClientContract, companyId: number): Promise<CompanyPlaces> {
    const zones = await client
      .from('geofences')
      .where('company_id', companyId)
      .where('active', true)
      .select('name', 'shape')
    const buildings = await client
      .from('buildings')
      .where('company_id', companyId)
      .orderBy('id')
      .select('id', 'name', 'latitude', 'longitude')
    return new CompanyPlaces(
      zones.map((zone) => ({ name: zone.name as string, shape: zone.shape as GeofenceShape })),
      buildings.map((building) => ({
        id: Number(building.id),
        name: building.name as string,
        latitude: Number(building.latitude),
        longitude: Number(building.longitude),
      }))
    )
  }
}

function area(box: BoundingBox) {
  return (box.maxLat - box.minLat) * (box.maxLon - box.minLon)
}
