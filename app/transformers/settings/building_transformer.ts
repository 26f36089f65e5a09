import { BaseTransformer } from '@adonisjs/core/transformers'
import type Building from '#models/building'

/**
 * A building as the settings page and the live map's layer draw it; the page's type is
 * generated from this class (`Data.Settings.Building`).
 */
export default class BuildingTransformer extends BaseTransformer<Building> {
  toObject() {
    const building = this.resource
    return {
      id: building.id,
      name: building.name,
      latitude: building.latitude,
      longitude: building.longitude,
    }
  }
}

export type BuildingForMap = ReturnType<BuildingTransformer['toObject']>

/** Buildings as the settings page and the live map's layer draw them. */
export function buildingsForMap(buildings: Building[]): BuildingForMap[] {
  return buildings.map((building) => new BuildingTransformer(building).toObject())
}
