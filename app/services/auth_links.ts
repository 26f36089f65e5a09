import { createHash } from 'node:crypto'
import router from '@adonisjs/core/services/router'
import type User from '#models/user'
import type { Locale } from '#shared/locales'
import { appUrl } from '#services/alternates'

/**
 * Signed, expiring links for e-mail confirmation and password reset. A reset
 * link also carries a fingerprint of the current password hash, so it stops
 * working once it has been used (or the password changed otherwise).
 */
export const CONFIRM_LINK_TTL = '24h'
export const RESET_LINK_TTL = '1h'

function routeName(name: 'confirm' | 'reset-password-confirm', locale: Locale) {
  return locale === 'en' ? name : `tr.${name}`
}

export function passwordFingerprint(user: User): string {
  return createHash('sha256')
    .update(`${user.id}:${user.password ?? ''}`)
    .digest('hex')
    .slice(0, 16)
}

export function confirmationLink(user: User, locale: Locale): string {
  return router.makeSignedUrl(routeName('confirm', locale), [], {
    qs: { user: user.id },
    expiresIn: CONFIRM_LINK_TTL,
    purpose: 'confirm-email',
    prefixUrl: appUrl(),
  })
}

export function passwordResetLink(user: User, locale: Locale): string {
  return router.makeSignedUrl(routeName('reset-password-confirm', locale), [], {
    qs: { user: user.id, fp: passwordFingerprint(user) },
    expiresIn: RESET_LINK_TTL,
    purpose: 'reset-password',
    prefixUrl: appUrl(),
  })
}
