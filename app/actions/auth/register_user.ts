import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import User from '#models/user'
import { isLocale, type Locale } from '#shared/locales'
import { sendTemplateMail } from '#services/mailer'
import { createCompanyFor } from '#services/tenancy'
import { sendConfirmation } from '#actions/auth/send_confirmation'

/**
 * Signs a new person up: the user, a company of their own that they own, and
 * the confirmation e-mail. Signing up with an e-mail that exists changes nothing
 * and answers like a new sign-up (no enumeration): the address's owner is told by
 * e-mail that someone tried instead.
 */
export async function registerUser(input: { email: string; password: string; locale: Locale }) {
  const existing = await User.findBy('email', input.email)
  if (existing) {
    // A new account's password is hashed before it is saved; hashing here too keeps the
    // answer's timing from telling an existing address from a new one.
    await hash.make(input.password)
    await sendTemplateMail({
      to: existing.email,
      locale: isLocale(existing.locale) ? existing.locale : input.locale,
      template: 'signup_attempt',
    })
    return null
  }

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
