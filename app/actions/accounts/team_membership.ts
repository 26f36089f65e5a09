import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Company from '#models/company'
import TeamMember from '#models/team_member'
import type User from '#models/user'
import type { TeamRole } from '#enums/team_role'
import { mayGrantRole } from '#abilities/roles'

/**
 * The one code path for every change of membership: joining a company, changing a
 * role, leaving it. The rules live here and nowhere else:
 *
 * - only an admin or owner manages members;
 * - only an owner makes someone an owner, changes an owner's role or removes an owner;
 * - a company always keeps at least one owner.
 *
 * The acting member is a role in the same company, or `operator` for the command
 * line (`user:create`), which may do anything except leave a company without owner.
 * Every change runs in a transaction holding the company's row, so two concurrent
 * demotions cannot both see "another owner is left".
 */
export type MembershipActor = { role: TeamRole } | 'operator'

export type MembershipRefusal = 'unauthorized' | 'last_owner' | 'already_member'

export type MembershipOutcome =
  { ok: true; membership: TeamMember } | { ok: false; reason: MembershipRefusal }

/** Whether `actor` may give or take `role` (the policy's one rule; the CLI operator may). */
function grants(actor: MembershipActor, role: TeamRole) {
  return actor === 'operator' || mayGrantRole(actor.role, role)
}

async function lockCompany(companyId: number, trx: TransactionClientContract) {
  await Company.query({ client: trx }).where('id', companyId).forUpdate().firstOrFail()
}

async function ownerCount(companyId: number, trx: TransactionClientContract) {
  const rows = await TeamMember.query({ client: trx })
    .where('company_id', companyId)
    .where('role', 'owner')
    .count('* as total')
  return Number(rows[0].$extras.total)
}

/** Why `actor` may not move `current` (null for a new member) to `next` (null for removal). */
async function refusal(
  actor: MembershipActor,
  companyId: number,
  current: TeamRole | null,
  next: TeamRole | null,
  trx: TransactionClientContract
): Promise<MembershipRefusal | null> {
  const changed = current === next ? [] : [current, next].filter((role) => role !== null)
  if (!grants(actor, 'user') || changed.some((role) => !grants(actor, role))) {
    return 'unauthorized'
  }
  if (current === 'owner' && next !== 'owner' && (await ownerCount(companyId, trx)) <= 1) {
    return 'last_owner'
  }
  return null
}

/** Makes the user a new member of the company; an existing member is refused (change the role instead). */
export async function joinCompany(
  actor: MembershipActor,
  company: Company,
  user: User,
  role: TeamRole
): Promise<MembershipOutcome> {
  const outcome = await db.transaction(async (trx): Promise<MembershipOutcome> => {
    await lockCompany(company.id, trx)
    const existing = await TeamMember.query({ client: trx })
      .where('company_id', company.id)
      .where('user_id', user.id)
      .first()
    if (existing) return { ok: false, reason: 'already_member' }
    const refused = await refusal(actor, company.id, null, role, trx)
    if (refused) return { ok: false, reason: refused }
    const membership = await TeamMember.create(
      { companyId: company.id, userId: user.id, role },
      { client: trx }
    )
    return { ok: true, membership }
  })
  if (outcome.ok && !user.currentCompanyId) {
    user.currentCompanyId = company.id
    await user.save()
  }
  return outcome
}

/** The membership as it stands, its company and row locked for the rest of the transaction. */
async function lockedMembership(member: TeamMember, trx: TransactionClientContract) {
  await lockCompany(member.companyId, trx)
  return TeamMember.query({ client: trx }).where('id', member.id).forUpdate().firstOrFail()
}

/** Changes a member's role under the rules. */
export async function changeRole(
  actor: MembershipActor,
  member: TeamMember,
  role: TeamRole
): Promise<MembershipOutcome> {
  return db.transaction(async (trx) => {
    const current = await lockedMembership(member, trx)
    const refused = await refusal(actor, current.companyId, current.role, role, trx)
    if (refused) return { ok: false, reason: refused }
    current.role = role
    await current.save()
    member.role = role
    return { ok: true, membership: current }
  })
}

/** Removes a member under the rules. */
export async function removeMember(
  actor: MembershipActor,
  member: TeamMember
): Promise<MembershipOutcome> {
  return db.transaction(async (trx) => {
    const current = await lockedMembership(member, trx)
    const refused = await refusal(actor, current.companyId, current.role, null, trx)
    if (refused) return { ok: false, reason: refused }
    await current.delete()
    return { ok: true, membership: current }
  })
}

/**
 * For the operator's command line: makes the user a member with the role, or
 * changes their role through the same rules (a company keeps one owner).
 */
export async function setMembership(
  actor: MembershipActor,
  company: Company,
  user: User,
  role: TeamRole
): Promise<MembershipOutcome> {
  const existing = await TeamMember.query()
    .where('company_id', company.id)
    .where('user_id', user.id)
    .first()
  if (!existing) return joinCompany(actor, company, user, role)
  if (existing.role === role) return { ok: true, membership: existing }
  return changeRole(actor, existing, role)
}

export class MembershipError extends Error {
  constructor(readonly reason: MembershipRefusal) {
    super(`Membership change refused: ${reason}`)
  }
}

/** `setMembership` as the operator, throwing when the rules refuse (a company keeps one owner). */
export async function addMember(company: Company, user: User, role: TeamRole) {
  const outcome = await setMembership('operator', company, user, role)
  if (!outcome.ok) throw new MembershipError(outcome.reason)
  return outcome.membership
}
