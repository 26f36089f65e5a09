import type { DateTime } from 'luxon'
import { MAX_HISTORY_DAYS } from '#services/live/history_range'

/**
 * The most any one request may ask for, checked before any query (docs/request-limits.md):
 * the longest period of each kind of request, in days. A longer one answers 422 with the
 * limit in the message.
 */
export const maxPeriodDays = {
  /** A report page, its exports and its schedules: a year, leap day included. */
  report: 366,
  /** The from/to range of a table and its export (tables page; exports stop at their row limit). */
  table: 1830,
  /** The history page and its GPX, KML and CSV downloads (every position of one vehicle). */
  history: MAX_HISTORY_DAYS,
} as const

/** Whether the interval from `from` to `to` is longer than `days` days. */
export function spansMoreThan(from: DateTime, to: DateTime, days: number) {
  return to.diff(from, 'days').days > days
}
