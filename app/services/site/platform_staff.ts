import siteConfig from '#config/site'
import type User from '#models/user'

/** The e-mail addresses of PLATFORM_ADMIN_EMAILS (comma-separated), lower-cased. */
export function platformAdminEmails(): Set<string> {
  return new Set(
    siteConfig.platformAdminEmails
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean)
  )
}

/**
 * FleetTrack's own staff: confirmed users whose e-mail is listed in PLATFORM_ADMIN_EMAILS.
 * They read what the public sends (contact messages, demo requests), which belongs to no
 * company, so no company role grants it.
 */
export function isPlatformStaff(user: User | undefined | null): boolean {
  if (!user || !user.isConfirmed) return false
  return platformAdminEmails().has(user.email.toLowerCase())
}
