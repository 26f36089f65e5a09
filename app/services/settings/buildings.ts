import Building from '#models/building'

export interface BuildingPoint {
  id: number
  name: string
  latitude: number
  longitude: number
}

const EARTH_RADIUS_M = 6_371_008.8
const rad = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in metres. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number) {
  const dLat = rad(lat2 - lat1)
  const dLon = rad(lon2 - lon1)
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)))
}

/**
 * The building nearest to a point within `radiusMetres` (150 m by default), or null: the
 * place name of a stop near a company building in reports. Pure, for a list loaded once.
 */
export function nearestBuilding<T extends BuildingPoint>(
  buildings: T[],
  latitude: number,
  longitude: number,
  radiusMetres = 150
): T | null {
  let best: T | null = null
  let bestDistance = radiusMetres
  for (const building of buildings) {
    const distance = distanceMetres(latitude, longitude, building.latitude, building.longitude)
    if (distance <= bestDistance) {
      best = building
      bestDistance = distance
    }
  }
  return best
}

/** The company's buildings, for nearestBuilding. */
export async function buildingsOf(companyId: number): Promise<BuildingPoint[]> {
  const rows = await Building.query().where('company_id', companyId).orderBy('id')
  return rows.map(({ id, name, latitude, longitude }) => ({ id, name, latitude, longitude }))
}
