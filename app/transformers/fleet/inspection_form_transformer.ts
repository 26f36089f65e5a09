import { BaseTransformer } from '@adonisjs/core/transformers'

/** What the inspection form is made from: the member's choices and the chosen vehicle's. */
export type InspectionFormSource = {
  vehicles: { id: number; name: string; plate: string | null }[]
  drivers: { id: number; name: string }[]
  /** The chosen vehicle, or null before one is chosen. */
  deviceId: number | null
  /** The chosen vehicle's checklist (its category's items and every vehicle's). */
  checklist: { id: number; name: string }[]
  /** The odometer readings the chosen vehicle may plausibly show. */
  odometer: { min: number; max: number } | null
}

/**
 * The inspection form on a phone (issue 30): vehicles and drivers to choose from, and the
 * chosen vehicle's checklist and plausible odometer. Its type is generated from this class
 * (`Data.Fleet.InspectionForm`).
 */
export default class InspectionFormTransformer extends BaseTransformer<InspectionFormSource> {
  toObject() {
    const form = this.resource
    return {
      vehicles: form.vehicles.map(({ id, name, plate }) => ({ id, name, plate })),
      drivers: form.drivers.map(({ id, name }) => ({ id, name })),
      deviceId: form.deviceId,
      checklist: form.checklist.map(({ id, name }) => ({ id, name })),
      odometer: form.odometer ? { min: form.odometer.min, max: form.odometer.max } : null,
    }
  }
}

/** The inspection form's props. */
export function inspectionFormForPage(form: InspectionFormSource) {
  return new InspectionFormTransformer(form).toObject()
}
