import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DistanceSource } from '#queries/fleet/distance_source'
import type { OdometerCorrectionRow } from '#shared/data_quality'

/** Where the vehicle's distances come from, its latest corrections, and who may add one. */
export type VehicleOdometerSource = {
  source: DistanceSource
  canCorrect: boolean
  corrections: OdometerCorrectionRow[]
}

/**
 * The vehicle page's odometer card (issue 25): the distance source, the latest corrections
 * and whether the form is shown (`Data.Fleet.VehicleOdometer`).
 */
export default class VehicleOdometerTransformer extends BaseTransformer<VehicleOdometerSource> {
  toObject() {
    const { source, canCorrect, corrections } = this.resource
    return { source, canCorrect, corrections }
  }
}

export function vehicleOdometerForCard(odometer: VehicleOdometerSource) {
  return new VehicleOdometerTransformer(odometer).toObject()
}
