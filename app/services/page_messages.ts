import i18nManager from '@adonisjs/i18n/services/main'
import type { Locale } from '#shared/locales'
import type { Layout } from '#shared/route_table'

/**
 * The translations a page needs on the client: the `common` namespace (layouts,
 * menus, messages) plus the namespace of the page's area. Flattened keys, as
 * the i18n manager holds them; cached per locale and namespace set.
 */
const namespacesByLayout: Record<Layout, string[]> = {
  'frontend': ['common', 'messages', 'site'],
  'auth': ['common', 'messages', 'auth'],
  'backend': ['common', 'messages', 'backend', 'crud', 'live', 'billing'],
  'reports': ['common', 'messages', 'backend', 'crud', 'live'],
  'fleet-new': ['common', 'messages', 'backend', 'crud'],
}

const cache = new Map<string, Record<string, string>>()

export function pageMessages(locale: Locale, layout: Layout): Record<string, string> {
  const namespaces = namespacesByLayout[layout]
  const cacheKey = `${locale}:${namespaces.join(',')}`
  const cached = cache.get(cacheKey)
  if (cached) return cached

  const all = i18nManager.getTranslationsFor(locale)
  const fallback = i18nManager.getTranslationsFor(i18nManager.defaultLocale)
  const messages: Record<string, string> = {}
  for (const source of [fallback, all]) {
    for (const [key, value] of Object.entries(source)) {
      if (namespaces.some((namespace) => key.startsWith(`${namespace}.`))) messages[key] = value
    }
  }
  cache.set(cacheKey, messages)
  return messages
}

export function clearPageMessagesCache() {
  cache.clear()
}
