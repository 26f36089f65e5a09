import type User from '#models/user'
import type { Locale } from '#shared/locales'
import { confirmationLink } from '#services/auth_links'
import { sendTemplateMail } from '#services/mailer'

export async function sendConfirmation(user: User, locale: Locale) {
  await sendTemplateMail({
    to: user.email,
    locale,
    template: 'confirm',
    values: { name: user.displayName },
    action: { url: confirmationLink(user, locale) },
  })
}
