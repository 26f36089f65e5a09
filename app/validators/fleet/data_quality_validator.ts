import vine from '@vinejs/vine'

/** The data quality period: local dates, `to` included; the controller bounds it to 31 days. */
export const dataQualityValidator = vine.create({
  from: vine.date({ formats: ['YYYY-MM-DD'] }).optional(),
  to: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrSameAs('from')
    .optional(),
  deviceId: vine.number().withoutDecimals().positive().optional(),
  gapMinutes: vine.number().withoutDecimals().min(5).max(1440).optional(),
})
