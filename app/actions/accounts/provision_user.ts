import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import User from '#models/user'
import { findOrCreateCompany } from '#services/tenancy'
import { addMember } from '#actions/accounts/team_membership'
import { teamRoles, type TeamRole } from '#enums/team_role'

const provisionValidator = vine.create({
  email: vine.string().trim().toLowerCase().email(),
  password: vine.string().minLength(8).maxLength(128),
  name: vine.string().trim().maxLength(200).optional(),
  company: vine.string().trim().minLength(2).maxLength(200),
  role: vine.enum(teamRoles),
})

export const companyNameValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(200),
})

/**
 * Creates (or updates) a confirmed user with a password and makes them a member
 * of the company with the role, creating the company when missing. Running it
 * twice with the same input changes nothing the second time.
 */
export async function provisionUser(input: {
  email?: string
  password?: string
  name?: string
  company?: string
  role?: string
}) {
  const data = await provisionValidator.validate(input)
  const company = await findOrCreateCompany(data.company)
  let user = await User.findBy('email', data.email)
  if (!user) {
    user = await User.create({
      email: data.email,
      password: data.password,
      fullName: data.name ?? null,
      emailVerifiedAt: DateTime.now(),
    })
  } else {
    user.merge({ password: data.password, emailVerifiedAt: user.emailVerifiedAt ?? DateTime.now() })
    if (data.name) user.fullName = data.name
    await user.save()
  }
  await addMember(company, user, data.role as TeamRole)
  return { user, company }
}
