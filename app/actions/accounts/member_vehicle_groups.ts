import db from '@adonisjs/lucid/services/db'

/**
 * Limits a member of the company to vehicle groups (none means every vehicle). Refused
 * ('unknown_group') when a group is not the company's; the member is taken as the company's.
 */
export async function setMemberVehicleGroups(
  companyId: number,
  memberId: number,
  groupIds: number[]
): Promise<{ ok: true } | { ok: false; reason: 'unknown_group' }> {
  const ids = [...new Set(groupIds)]
  const known = ids.length
    ? await db.from('device_groups').where('company_id', companyId).whereIn('id', ids).select('id')
    : []
  if (known.length !== ids.length) return { ok: false, reason: 'unknown_group' }
  await db
    .from('team_members')
    .where('id', memberId)
    .where('company_id', companyId)
    .update({ device_group_ids: ids.length ? JSON.stringify(ids) : null })
  return { ok: true }
}
