import { createHash } from 'node:crypto'
import router from '@adonisjs/core/services/router'
import { DateTime } from 'luxon'
import User from '#models/user'
import type { Locale } from '#shared/locales'
import { appUrl } from '#services/alternates'
import { sendAccountMail } from '#services/billing/account_mailer'
import logger from '@adonisjs/core/services/logger'
import { userLocaleOf } from '#services/account/home_page'
import { pathFor } from '#shared/route_table'

/**
 * A profile's e-mail change (spec §3 "Profile"): the new address gets a signed link valid for
 * 24 hours; the address changes only when the link is opened by the same signed-in user. The
 * link carries a fingerprint of the current address, so it works once (after the change, or
 * after another change, it no longer matches) and a link to an address taken meanwhile by
 * another account is refused. The previous address is told of the change.
 */
export const EMAIL_CHANGE_TTL = '24h'
export const EMAIL_CHANGE_HOURS = 24
const PURPOSE = 'change-email'

export function emailFingerprint(user: Pick<User, 'id' | 'email'>): string {
  return createHash('sha256')
    .update(`${user.id}:${user.email.toLowerCase()}`)
    .digest('hex')
    .slice(0, 16)
}

export function emailChangeLink(user: User, newEmail: string, locale: Locale): string {
  const name = 'account.settings.get.email.confirm'
  return router.makeSignedUrl(locale === 'en' ? name : `tr.${name}`, [], {
    qs: { user: user.id, email: newEmail, fp: emailFingerprint(user) },
    expiresIn: EMAIL_CHANGE_TTL,
    purpose: PURPOSE,
    prefixUrl: appUrl(),
  })
}

export async function isEmailTaken(email: string, exceptUserId?: number) {
  const query = User.query().whereRaw('lower(email) = ?', [email.toLowerCase()])
  if (exceptUserId) query.whereNot('id', exceptUserId)
  return (await query.first()) !== null
}

/** E-mails the confirmation link to the new address; nothing changes yet. */
export async function requestEmailChange(user: User, newEmail: string, locale: Locale) {
  await sendAccountMail({
    to: newEmail,
    locale,
    template: 'email_change',
    values: { email: newEmail, hours: EMAIL_CHANGE_HOURS },
    actionUrl: emailChangeLink(user, newEmail, locale),
  })
}

export type EmailChangeRefusal = 'invalid' | 'wrong_account' | 'taken'

/**
 * Applies the change of a link whose signature the caller has checked: `qs` is its query.
 * The new address counts as confirmed (the link reached it).
 */
export async function confirmEmailChange(
  user: User,
  qs: { user?: unknown; email?: unknown; fp?: unknown }
): Promise<{ ok: true; email: string } | { ok: false; reason: EmailChangeRefusal }> {
  if (String(qs.user) !== String(user.id)) return { ok: false, reason: 'wrong_account' }
  const email = typeof qs.email === 'string' ? qs.email.toLowerCase() : ''
  if (!email || qs.fp !== emailFingerprint(user)) return { ok: false, reason: 'invalid' }
  if (await isEmailTaken(email, user.id)) return { ok: false, reason: 'taken' }
  const previous = user.email
  user.merge({ email, emailVerifiedAt: DateTime.now() })
  await user.save()
  // The previous address hears of it: someone who took over a session is not silent.
  await sendAccountMail({
    to: previous,
    locale: userLocaleOf(user),
    template: 'email_changed',
    values: { email },
    actionUrl: `${appUrl()}${pathFor('reset-password', userLocaleOf(user))}`,
  }).catch((error) => logger.error({ err: error }, 'e-mail change notice not sent'))
  return { ok: true, email }
}
