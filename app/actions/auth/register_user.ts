import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import type { Locale } from '#shared/locales'
import { createCompanyFor } from '#services/tenancy'
import { sendConfirmation } from '#actions/auth/send_confirmation'

export class EmailTakenError extends Error {}

/**
 * Signs a new person up: the user, a company of their own that they own, and
 * the confirmation e-mail. Signing up with an e-mail that exists fails with
 * EmailTakenError and changes nothing.
 */
export async function registerUser(input: { email: string; password: string; locale: Locale }) {
  const existing = await User.findBy('email', input.email)
  if (existing) throw new EmailTakenError()

  const user = await db.transaction(async (trx) => {
    const created = await User.create(
      { email: input.email, password: input.password, locale: input.locale },
      { client: trx }
    )
    return created
  })
  await createCompanyFor(user)
  await sendConfirmation(user, input.locale)
  return user
}
