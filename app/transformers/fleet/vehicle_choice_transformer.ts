import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * A vehicle as a page offers it to choose from: its id and what names it (the plate, or the
 * name when it has none). The type is generated from this class (`Data.Fleet.VehicleChoice`).
 */
export default class VehicleChoiceTransformer extends BaseTransformer<{
  id: number
  name: string
}> {
  toObject() {
    return { id: this.resource.id, name: this.resource.name }
  }
}

export function vehicleForChoice(vehicle: { id: number; name: string }) {
  return new VehicleChoiceTransformer(vehicle).toObject()
}
