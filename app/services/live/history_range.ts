import { DateTime } from 'luxon'

/** The longest period the history page and its exports read at once. */
export const MAX_HISTORY_DAYS = 31

export type HistoryRangeError = 'invalid' | 'inverted' | 'too_long'

export interface HistoryRange {
  /** Inclusive start, in the user's zone. */
  from: DateTime
  /** Exclusive end, in the user's zone. */
  to: DateTime
  /** The range as the form shows it: local date-times to the minute, `to` inclusive. */
  input: { from: string; to: string }
  error: HistoryRangeError | null
}

const INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm"

/**
 * Reads a local date or date-time range in the user's time zone. A date alone means the whole
 * day; `to` is inclusive to the minute (or the day). Without a range: yesterday.
 */
export function resolveHistoryRange(
  query: { from?: string; to?: string },
  timezone: string,
  now: DateTime<boolean> = DateTime.now()
): HistoryRange {
  const yesterday = now.setZone(timezone).startOf('day').minus({ days: 1 })
  const from = query.from ? DateTime.fromISO(query.from, { zone: timezone }) : yesterday
  let to: DateTime
  if (!query.to) {
    to = (query.from ? from.startOf('day') : yesterday).plus({ days: 1 })
  } else {
    const parsed = DateTime.fromISO(query.to, { zone: timezone })
    to = query.to.includes('T') ? parsed.plus({ minutes: 1 }) : parsed.plus({ days: 1 })
  }
  const input = (start: DateTime, end: DateTime) => ({
    from: start.toFormat(INPUT_FORMAT),
    to: end.minus({ minutes: 1 }).toFormat(INPUT_FORMAT),
  })

  if (!from.isValid || !to.isValid) {
    const fallbackEnd = yesterday.plus({ days: 1 })
    return {
      from: yesterday,
      to: fallbackEnd,
      input: input(yesterday, fallbackEnd),
      error: 'invalid',
    }
  }
  let error: HistoryRangeError | null = null
  if (to <= from) error = 'inverted'
  else if (to.diff(from, 'days').days > MAX_HISTORY_DAYS) error = 'too_long'
  return { from, to, input: input(from, to), error }
}
