import type Building from '#models/building'

/** Buildings as the settings page and the live map's layer draw them. */
export function buildingsForMap(buildings: Building[]) {
  return buildings.map((building) => ({
    id: building.id,
    name: building.name,
    latitude: building.latitude,
    longitude: building.longitude,
  }))
}

export type BuildingForMap = ReturnType<typeof buildingsForMap>[number]
