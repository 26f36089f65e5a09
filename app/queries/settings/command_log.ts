import db from '@adonisjs/lucid/services/db'

export const COMMAND_LOG_PAGE_SIZE = 50

/** The company's sent commands, newest first, with the vehicle and who sent it. */
export async function commandLog(
  companyId: number,
  page: number,
  deviceId: number | null,
  deviceGroupIds: number[] | null = null
) {
  const query = db
    .from('device_commands as c')
    .join('devices as d', 'd.id', 'c.device_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .where('c.company_id', companyId)
    // A member limited to vehicle groups reads their vehicles' commands only.
    .if(deviceGroupIds, (q) => q.whereRaw('d.group_id = ANY(?::int[])', [deviceGroupIds ?? []]))
    .select(
      'c.id',
      'c.device_id',
      'd.name as device_name',
      'd.plate as device_plate',
      'c.kind',
      'c.payload',
      'c.status',
      'c.response',
      'c.created_at',
      'c.sent_at',
      'c.answered_at',
      'u.email as user_email'
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
  if (deviceId) query.where('c.device_id', deviceId)
  const rows = await query
    .offset((page - 1) * COMMAND_LOG_PAGE_SIZE)
    .limit(COMMAND_LOG_PAGE_SIZE + 1)
  return {
    rows: rows.slice(0, COMMAND_LOG_PAGE_SIZE),
    hasMore: rows.length > COMMAND_LOG_PAGE_SIZE,
  }
}
