import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'
import { isLocale, LOCALE_COOKIE, localeFromPath, type Locale } from '#shared/locales'
import { alternatesFor, appUrl } from '#services/alternates'
import { matchPath } from '#shared/route_table'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'

/**
 * The path decides the language of a page: /tr/... is Turkish, everything else
 * English. The API (/api/...) follows Accept-Language. Paths outside the route table
 * (logout, OAuth callbacks, JSON endpoints, unknown paths) follow the visitor's locale cookie.
 */
export default class LocaleMiddleware {
  static {
    RequestValidator.messagesProvider = (ctx) => new FieldLabelMessagesProvider(ctx.i18n)
  }

  async handle(ctx: HttpContext, next: NextFn) {
    ctx.locale = resolveLocale(ctx)
    ctx.i18n = i18nManager.locale(ctx.locale)
    ctx.containerResolver.bindValue(I18n, ctx.i18n)
    shareDocumentHead(ctx)
    return next()
  }
}

export function shareDocumentHead(ctx: HttpContext, override?: Partial<Record<Locale, string>>) {
  const alternates = override ?? alternatesFor(ctx)
  const base = appUrl()
  const list = Object.entries(alternates).map(([locale, path]) => ({
    locale,
    href: `${base}${path}`,
  }))
  ctx.view.share({
    locale: ctx.locale,
    alternates: list,
    xDefault: alternates.en ? `${base}${alternates.en}` : null,
    canonical: alternates[ctx.locale] ? `${base}${alternates[ctx.locale]}` : null,
  })
}

function resolveLocale(ctx: HttpContext): Locale {
  const path = ctx.request.url()
  if (localeFromPath(path) === 'tr') return 'tr'
  if (matchPath(path)) return 'en'
  // The API answers in the integrator's Accept-Language (en by default), never a cookie's.
  if (path === '/api' || path.startsWith('/api/')) {
    const language = ctx.request.language(['en', 'tr'])
    return isLocale(language) ? language : 'en'
  }
  const cookie = ctx.request.plainCookie(LOCALE_COOKIE, { encoded: false })
  return isLocale(cookie) ? cookie : 'en'
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: I18n
    locale: Locale
  }
}
