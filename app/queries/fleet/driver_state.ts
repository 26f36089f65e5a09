import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'

export const DEFAULT_TIME_ZONE = 'Europe/Istanbul'

/**
 * Joins `lv` (one row per driver of the company on approved leave today, in `timeZone`):
 * a driver whose approved leave request covers today is "on leave" (spec §4) whatever
 * their stored status, and shows so wherever driver state is shown.
 */
export function joinLeaveToday(
  query: DatabaseQueryBuilderContract,
  driverColumn: string,
  companyId: number,
  timeZone = DEFAULT_TIME_ZONE
) {
  return query.joinRaw(
    `LEFT JOIN (SELECT DISTINCT driver_id FROM leave_requests
       WHERE company_id = ? AND status = 'approved' AND driver_id IS NOT NULL
         AND start_date <= (now() AT TIME ZONE ?)::date
         AND end_date >= (now() AT TIME ZONE ?)::date) lv ON lv.driver_id = ${driverColumn}`,
    [companyId, timeZone, timeZone]
  )
}

/** The driver's state as shown: on leave when `lv` (joinLeaveToday) matched, else the stored one. */
export function driverStateSql(statusColumn: string) {
  return `(CASE WHEN lv.driver_id IS NOT NULL THEN 'on_leave' ELSE ${statusColumn} END)`
}

/** Whether the driver (of the company) is on approved leave today. */
export async function isOnLeave(
  companyId: number,
  driverId: number | null,
  timeZone = DEFAULT_TIME_ZONE
): Promise<boolean> {
  if (driverId === null) return false
  const row = await db
    .from('leave_requests')
    .where('company_id', companyId)
    .where('status', 'approved')
    .where('driver_id', driverId)
    .whereRaw('start_date <= (now() AT TIME ZONE ?)::date', [timeZone])
    .whereRaw('end_date >= (now() AT TIME ZONE ?)::date', [timeZone])
    .first()
  return Boolean(row)
}
