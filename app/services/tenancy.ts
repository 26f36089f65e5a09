import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import TeamMember from '#models/team_member'
import type User from '#models/user'

/**
 * The membership the user is working in: their chosen company when they still
 * belong to it, else their first company.
 */
export function currentMembership(user: User, memberships: TeamMember[]): TeamMember | null {
  return (
    memberships.find((membership) => membership.companyId === user.currentCompanyId) ??
    memberships[0] ??
    null
  )
}

export async function membershipsOf(user: User) {
  return TeamMember.query().where('user_id', user.id).preload('company').orderBy('id', 'asc')
}

/** Switches the user to another of their companies. Answers false when they are not a member. */
export async function switchCompany(user: User, companyId: number): Promise<boolean> {
  const membership = await TeamMember.query()
    .where('user_id', user.id)
    .where('company_id', companyId)
    .first()
  if (!membership) return false
  user.currentCompanyId = companyId
  await user.save()
  return true
}

export async function findOrCreateCompany(name: string): Promise<Company> {
  return Company.firstOrCreate({ name }, { name, hiddenMenus: [] })
}

/** A company of their own for someone who signs up: they are its owner. */
export async function createCompanyFor(user: User): Promise<Company> {
  return db.transaction(async (trx) => {
    const base = `${user.email.split('@')[0]}'s fleet`
    let name = base
    for (
      let attempt = 2;
      await Company.query({ client: trx }).where('name', name).first();
      attempt++
    ) {
      name = `${base} ${attempt}`
    }
    const company = await Company.create({ name, hiddenMenus: [] }, { client: trx })
    await TeamMember.create(
      { companyId: company.id, userId: user.id, role: 'owner' },
      { client: trx }
    )
    user.useTransaction(trx)
    user.currentCompanyId = company.id
    await user.save()
    return company
  })
}
