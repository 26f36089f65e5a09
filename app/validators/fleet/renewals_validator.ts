import vine from '@vinejs/vine'
import { renewalKinds, renewalStatuses } from '#shared/renewals'

/** The renewals page's filters. */
export const renewalsValidator = vine.create({
  kind: vine.enum(renewalKinds).optional(),
  status: vine.enum(renewalStatuses).optional(),
  withinDays: vine.number().withoutDecimals().range([1, 730]).optional(),
})
