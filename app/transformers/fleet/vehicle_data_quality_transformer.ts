import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DataQuality } from '#shared/data_quality'

/**
 * The vehicle page's data-quality card (issue 25): one vehicle's last days as the data-quality
 * page's tables show them (`Data.Fleet.VehicleDataQuality`, the shape of `DataQuality`).
 */
export default class VehicleDataQualityTransformer extends BaseTransformer<DataQuality> {
  toObject() {
    const { vehicles, gaps, rejected, resets, flapping } = this.resource
    return { vehicles, gaps, rejected, resets, flapping }
  }
}

export function vehicleDataQualityForCard(quality: DataQuality) {
  return new VehicleDataQualityTransformer(quality).toObject()
}
