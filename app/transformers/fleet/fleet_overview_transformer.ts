import { BaseTransformer } from '@adonisjs/core/transformers'
import type { FleetOverviewCounts } from '#queries/fleet/fleet_overview'

/**
 * The fleet-new home in four numbers: vehicles (and those moving now), drivers (and those
 * active). The page's type is generated from this class (`Data.Fleet.FleetOverview`).
 */
export default class FleetOverviewTransformer extends BaseTransformer<FleetOverviewCounts> {
  toObject() {
    const { vehicles, drivers } = this.resource
    return {
      vehicles: { total: vehicles.total, moving: vehicles.moving },
      drivers: { total: drivers.total, active: drivers.active },
    }
  }
}

export function fleetOverviewForPage(counts: FleetOverviewCounts) {
  return new FleetOverviewTransformer(counts).toObject()
}
