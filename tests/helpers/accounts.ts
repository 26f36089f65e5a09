import { DateTime } from 'luxon'
import User from '#models/user'
import Company from '#models/company'
import { addMember } from '#actions/accounts/team_membership'
import type { TeamRole } from '#enums/team_role'

let sequence = 0

/** A confirmed user who is `role` of a new company of their own. */
export async function createMember(
  options: { role?: TeamRole; password?: string; name?: string } = {}
) {
  sequence++
  const tag = `${Date.now().toString(36)}${sequence}`
  // Complete invoicing details, as an order needs them (missing ones are tested on their own).
  const company = await Company.create({
    name: `Company ${tag}`,
    hiddenMenus: [],
    taxId: '1234567890',
    address: 'Test street 1',
    city: 'İstanbul',
    country: 'TR',
  })
  const user = await User.create({
    email: `user-${tag}@example.com`,
    password: options.password ?? 'secret-password',
    fullName: options.name ?? null,
    emailVerifiedAt: DateTime.now(),
  })
  const membership = await addMember(company, user, options.role ?? 'owner')
  return { user, company, membership }
}

/** The field errors a redirect-back response flashed (what the form shows under each field). */
export function inputErrors(response: { flashMessages(): Record<string, unknown> }) {
  return (response.flashMessages().inputErrorsBag ?? {}) as Record<string, string[]>
}
