import { BaseTransformer } from '@adonisjs/core/transformers'

/** What the vehicle check form is made from. */
export type VehicleCheckFormSource = {
  vehicles: { id: number; name: string; plate: string | null; brand: string | null }[]
  drivers: { id: number; name: string }[]
  /** The items scored 1 to 5 (spec §3) and the kinds of check. */
  items: readonly string[]
  types: readonly string[]
  /** Today in the user's time zone (the check's default and latest date). */
  today: string
}

/**
 * The vehicle check on a phone: vehicles (with their brand) and drivers to choose from, the
 * items to score, the kinds of check and today's date. Its type is generated from this class
 * (`Data.Fleet.VehicleCheckForm`).
 */
export default class VehicleCheckFormTransformer extends BaseTransformer<VehicleCheckFormSource> {
  toObject() {
    const form = this.resource
    return {
      vehicles: form.vehicles.map(({ id, name, plate, brand }) => ({ id, name, plate, brand })),
      drivers: form.drivers.map(({ id, name }) => ({ id, name })),
      items: [...form.items],
      types: [...form.types],
      today: form.today,
    }
  }
}

/** The vehicle check form's props. */
export function vehicleCheckFormForPage(form: VehicleCheckFormSource) {
  return new VehicleCheckFormTransformer(form).toObject()
}
