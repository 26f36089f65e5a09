import type User from '#models/user'
import { isLocale, localeFromPath, type Locale } from '#shared/locales'
import { pathFor, type RouteName } from '#shared/route_table'

/**
 * The "default home page" of user settings (spec §3) and the user's language.
 *
 * Where the user's language acts (the rule, README "User settings"):
 * - a page whose address is in the route table is in the address's language (/tr/... is
 *   Turkish, the rest English), so links, bookmarks and the language switch keep working;
 * - the user's language decides where they land after signing in from an unprefixed address
 *   (their home page in their language; a /tr/... sign-in stays Turkish), the language of their e-mails, and saving a new language in user settings opens
 *   the settings page in it (and remembers it in the locale cookie, like the language switch,
 *   which in turn saves the choice into the user's settings).
 */
import { homePages, type HomePage } from '#shared/user_settings'

export { homePages, type HomePage }

export function homePageOf(user: Pick<User, 'defaultHomePage'>): HomePage {
  const chosen = user.defaultHomePage as HomePage
  return homePages.includes(chosen) ? chosen : 'backend'
}

export function userLocaleOf(user: Pick<User, 'locale'>, fallback: Locale = 'en'): Locale {
  return isLocale(user.locale) ? user.locale : fallback
}

/**
 * Where the user lands after signing in (or on a guest-only page while signed in): their
 * home page, in the language the address asked for (a /tr/... form is Turkish), else in their
 * own language (an unprefixed address says nothing: English is the default, not a choice).
 */
export function homePathOf(user: Pick<User, 'defaultHomePage' | 'locale'>, requestPath?: string) {
  const locale = requestPath && localeFromPath(requestPath) === 'tr' ? 'tr' : userLocaleOf(user)
  return pathFor(homePageOf(user) as RouteName, locale)
}
