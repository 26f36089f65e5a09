import db from '@adonisjs/lucid/services/db'
import TeamMember from '#models/team_member'
import TeamInvitation from '#models/team_invitation'
import User from '#models/user'

/** The company's members with their accounts, oldest first. */
export function companyMembers(companyId: number) {
  return TeamMember.query().where('company_id', companyId).preload('user').orderBy('id', 'asc')
}

/** The company's invitations neither accepted nor revoked, oldest first. */
export function openInvitations(companyId: number) {
  return TeamInvitation.query()
    .where('company_id', companyId)
    .whereNull('accepted_at')
    .whereNull('revoked_at')
    .orderBy('id', 'asc')
}

/** The company's vehicle groups by name (the choices of a member's vehicle limit). */
export async function companyDeviceGroups(companyId: number) {
  const rows = await db
    .from('device_groups')
    .where('company_id', companyId)
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .select('id', 'name')
  return rows.map((row) => ({ id: row.id as number, name: row.name as string }))
}

/** One of the company's members; another company's member is a 404. */
export function findCompanyMember(companyId: number, id: unknown) {
  return TeamMember.query()
    .where('company_id', companyId)
    .where('id', Number(id) || 0)
    .firstOrFail()
}

/** The account of an e-mail address (case-insensitive), if there is one. */
export function userByEmail(email: string) {
  return User.query().whereRaw('lower(email) = ?', [email.toLowerCase()]).first()
}

/** Whether the user is a member of the company. */
export async function isCompanyMember(companyId: number, userId: number) {
  const member = await TeamMember.query()
    .where('company_id', companyId)
    .where('user_id', userId)
    .first()
  return member !== null
}

/** The company's membership of a user; a user of another company is a 404. */
export function findCompanyMemberByUser(companyId: number, userId: number) {
  return TeamMember.query().where('company_id', companyId).where('user_id', userId).firstOrFail()
}
