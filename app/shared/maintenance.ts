/**
 * Maintenance falls due by date or by kilometres, whichever comes first (spec §3, issue 11):
 * an item is overdue once its next date has passed or the vehicle's odometer has reached its
 * next distance, and due when either is within the reminder window (config/maintenance.ts).
 */
export const OWNERSHIP_TRANSFER_MONTHS = 12

export interface DueWindow {
  days: number
  km: number
}

/**
 * The SQL of an item's state ('overdue' | 'due' | 'ok'), over its next date, next distance
 * and the vehicle's odometer in km. `today` is a bound date parameter or `current_date`.
 */
export function dueStateSql(
  nextDate: string,
  nextKm: string,
  odometerKm: string,
  window: DueWindow,
  today = 'current_date',
  /** An SQL expression for the days instead of `window.days` (the company's own setting). */
  daysSql?: string
) {
  const days = daysSql ?? Math.trunc(window.days)
  const km = Math.trunc(window.km)
  return `(CASE
    WHEN ${nextDate} < ${today} OR ${odometerKm} >= ${nextKm} THEN 'overdue'
    WHEN ${nextDate} <= ${today} + ${days} OR ${odometerKm} >= ${nextKm} - ${km} THEN 'due'
    ELSE 'ok' END)`
}
