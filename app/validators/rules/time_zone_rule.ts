import vine from '@vinejs/vine'
import { isTimeZone } from '#shared/time_zones'

/** An IANA time zone name (Europe/Istanbul) or UTC; message `timezone` in validator.json. */
export const timeZoneRule = vine.createRule((value, _options, field) => {
  if (!field.isValid) return
  if (!isTimeZone(value))
    field.report('The {{ field }} must be a valid time zone', 'timezone', field)
})
