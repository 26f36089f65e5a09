import vine from '@vinejs/vine'
import { MAX_RECORD_ID } from '#shared/record_id'

/** A command to a vehicle's tracker: engine block or unblock, or a custom text command. */
export const vehicleCommandValidator = vine.create({
  kind: vine.enum(['engine_block', 'engine_unblock', 'custom'] as const),
  payload: vine.string().trim().maxLength(200).optional().requiredWhen('kind', '=', 'custom'),
})

const localDateTime = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/)

/** The history page and its exports: a vehicle and a local date(-time) range. */
export const historyQueryValidator = vine.create({
  deviceId: vine.number().withoutDecimals().range([1, MAX_RECORD_ID]).optional(),
  from: localDateTime().optional(),
  to: localDateTime().optional(),
  /** A moment to open the playback at (a report row's time), local like from and to. */
  at: localDateTime().optional(),
})
