import i18nManager from '@adonisjs/i18n/services/main'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Locale } from '#shared/locales'
import type { Layout } from '#shared/route_table'

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** A message as the client gets it: text, or a parsed ICU message (JSON) when it has plurals. */
export type ClientMessage = string | Json[]

/**
 * Text and `{name}` placeholders go to the client as they are; a message with plural,
 * select, number or date arguments goes parsed, so the client formats it without shipping
 * the ICU parser to every visitor (vite.config.ts replaces it with its no-parser build).
 */
export function clientMessage(text: string): ClientMessage {
  let elements: MessageFormatElement[]
  try {
    elements = parse(text)
  } catch {
    return text
  }
  const simple = elements.every(
    (element) => element.type === TYPE.literal || element.type === TYPE.argument
  )
  return simple ? text : (elements as unknown as Json[])
}

/**
 * The translations a page needs on the client: the `common` namespace (layouts,
 * menus, messages) plus the namespace of the page's area. Flattened keys, as
 * the i18n manager holds them; cached per locale and namespace set.
 */
/** Every area of the back office: its pages, menus, records, reports and settings. */
const backOffice = [
  'common',
  'messages',
  'backend',
  'crud',
  'live',
  'reports',
  'report_pages',
  'report_exports',
  'fleet_records',
  'fleet_flow',
  'fleet_reports',
  'settings',
  'alerts',
  'billing',
]

const namespacesByLayout: Record<Layout, string[]> = {
  'frontend': ['common', 'messages', 'site'],
  'auth': ['common', 'messages', 'auth'],
  'backend': backOffice,
  'reports': backOffice,
  'fleet-new': backOffice,
}

const cache = new Map<string, Record<string, ClientMessage>>()

export function pageMessages(locale: Locale, layout: Layout): Record<string, ClientMessage> {
  const namespaces = namespacesByLayout[layout]
  const cacheKey = `${locale}:${namespaces.join(',')}`
  const cached = cache.get(cacheKey)
  if (cached) return cached

  const all = i18nManager.getTranslationsFor(locale)
  const fallback = i18nManager.getTranslationsFor(i18nManager.defaultLocale)
  const messages: Record<string, ClientMessage> = {}
  for (const source of [fallback, all]) {
    for (const [key, value] of Object.entries(source)) {
      if (namespaces.some((namespace) => key.startsWith(`${namespace}.`))) {
        messages[key] = clientMessage(value)
      }
    }
  }
  cache.set(cacheKey, messages)
  return messages
}
