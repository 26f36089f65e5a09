import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Who a member may file leave and requests for, and leave that may not overlap (issue 27).
 * A member files for themselves (the driver linked to their account) unless the policy layer
 * lets them file for others (fileForOthers); one driver's pending or approved leave may not
 * overlap another of theirs.
 */
export type FilingRefusal =
  | { field: 'driver_id'; key: 'messages.filing.only_yourself' }
  | { field: 'start_date'; key: 'messages.filing.leave_overlap'; start: string; end: string }

/** The statuses that hold days off: a rejected request frees them again. */
const holdingStatuses = ['pending', 'approved', 'done']

/** The driver linked to a member's account in a company, if any. */
export async function ownDriverId(
  client: QueryClientContract,
  companyId: number,
  userId: number
): Promise<number | null> {
  const row = await client
    .from('drivers')
    .where('company_id', companyId)
    .where('user_id', userId)
    .select('id')
    .first()
  return row ? Number(row.id) : null
}

/** Refuses a driver other than the member's own when they may not file for others. */
export async function forWhomRefusal(
  client: QueryClientContract,
  filing: { companyId: number; userId: number; driverId: unknown; forOthers: boolean }
): Promise<FilingRefusal | null> {
  if (filing.forOthers || filing.driverId === null || filing.driverId === undefined) return null
  const own = await ownDriverId(client, filing.companyId, filing.userId)
  if (own !== null && Number(filing.driverId) === own) return null
  return { field: 'driver_id', key: 'messages.filing.only_yourself' }
}

const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)

/** Refuses leave whose days meet another pending or approved leave of the same driver. */
export async function overlappingLeaveRefusal(
  client: QueryClientContract,
  leave: { companyId: number; driverId: unknown; start: unknown; end: unknown; id: number | null }
): Promise<FilingRefusal | null> {
  if (leave.driverId === null || leave.driverId === undefined || !leave.start || !leave.end) {
    return null
  }
  const clash = await client
    .from('leave_requests')
    .where('company_id', leave.companyId)
    .where('driver_id', Number(leave.driverId))
    .whereIn('status', holdingStatuses)
    .where('start_date', '<=', day(leave.end))
    .where('end_date', '>=', day(leave.start))
    .if(leave.id !== null, (query) => query.whereNot('id', leave.id!))
    .select('start_date', 'end_date')
    .orderBy('start_date')
    .first()
  if (!clash) return null
  return {
    field: 'start_date',
    key: 'messages.filing.leave_overlap',
    start: day(clash.start_date),
    end: day(clash.end_date),
  }
}
