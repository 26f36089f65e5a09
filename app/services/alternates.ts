import type { HttpContext } from '@adonisjs/core/http'
import siteConfig from '#config/site'
import { locales, type Locale } from '#shared/locales'
import { matchPath, pathFor } from '#shared/route_table'

export function appUrl(): string {
  return siteConfig.appUrl
}

/**
 * The same page in each language, for the language switch and hreflang links.
 * A path outside the route table has no alternates.
 */
export function alternatesFor(ctx: HttpContext): Partial<Record<Locale, string>> {
  const matched = matchPath(ctx.request.url())
  if (!matched) return {}
  const query = ctx.request.parsedUrl.query ? `?${ctx.request.parsedUrl.query}` : ''
  const alternates: Partial<Record<Locale, string>> = {}
  for (const { code } of locales) {
    alternates[code] = pathFor(matched.name, code, matched.params) + query
  }
  return alternates
}
