import vine from '@vinejs/vine'

/** An odometer set at a local date and time (the form's datetime-local value), in km. */
const fields = {
  effectiveAt: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  odometerKm: vine.number().min(0).max(9_999_999),
  note: vine.string().trim().maxLength(500).optional(),
}

/** From the vehicle page: the vehicle is the page's. */
export const vehicleOdometerCorrectionValidator = vine.create(fields)

/** From the settings page: the vehicle is chosen. */
export const odometerCorrectionValidator = vine.create({
  deviceId: vine.number().withoutDecimals().positive(),
  ...fields,
})
