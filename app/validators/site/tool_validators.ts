import vine from '@vinejs/vine'

/**
 * /test/check: an IMEI (15 digits) or another tracker identifier (Traccar Client ids), as
 * the devices form accepts them: 4 to 20 letters or digits.
 */
export const deviceCheckValidator = vine.create({
  imei: vine
    .string()
    .trim()
    .minLength(4)
    .maxLength(20)
    .regex(/^[0-9A-Za-z]+$/),
})
