import vine from '@vinejs/vine'
import { reportAttachmentFormats, scheduleFrequencies } from '#models/scheduled_report'

/** A scheduled report as the Schedule dialog sends it (recipients: addresses separated by commas). */
export const scheduleValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(120),
  frequency: vine.enum(scheduleFrequencies),
  weekday: vine
    .number()
    .withoutDecimals()
    .range([1, 7])
    .optional()
    .requiredWhen('frequency', '=', 'weekly'),
  monthDay: vine
    .number()
    .withoutDecimals()
    .range([1, 31])
    .optional()
    .requiredWhen('frequency', '=', 'monthly'),
  hour: vine.number().withoutDecimals().range([0, 23]),
  recipients: vine.string().trim().minLength(3).maxLength(2000),
  active: vine.boolean().optional(),
  attachments: vine.array(vine.enum(reportAttachmentFormats)).minLength(1).distinct().optional(),
  parameters: vine.record(vine.any()).optional(),
})

export const MAX_RECIPIENTS = 20

const emailPattern = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/

/** The addresses of a recipients field, or null when one of them is not an e-mail address. */
export function parseRecipients(value: string): string[] | null {
  const list = [
    ...new Set(
      value
        .split(/[\s,;]+/)
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean)
    ),
  ]
  if (list.length === 0 || list.some((item) => !emailPattern.test(item) || item.length > 254))
    return null
  return list
}
