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

/** Every namespace of the back office: its pages, menus, records, reports and settings. */
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
  'renewals',
  'fleet_reports',
  'fleet_ops',
  'settings',
  'alerts',
  'billing',
]

/** What every back-office page shows: its layouts, menus, tables, dialogs and the alert bell. */
const backOfficeBase = ['common', 'messages', 'backend', 'crud', 'alerts']

/**
 * The namespaces of each area of the back office besides the base, by the first part of the
 * route's name (`fleet.fuel-log` is in `fleet`). tests/functional/page_messages.spec.ts
 * checks every page against its sources: a namespace a page's components or props use must
 * be in its area's list. An area not listed gets every namespace.
 */
const areaNamespaces: Record<string, string[]> = {
  'backend': ['live', 'fleet_records', 'geocoding', 'renewals'],
  'live': ['live', 'settings', 'geocoding'],
  'account': ['live', 'billing', 'settings'],
  'history': ['live', 'report_pages', 'fleet_flow', 'fleet_records', 'settings', 'geocoding'],
  'assets': ['live', 'report_pages', 'fleet_flow', 'fleet_records', 'settings', 'geocoding'],
  'inventory': ['live', 'report_pages', 'fleet_flow', 'fleet_records'],
  'fleet': [
    'live',
    'report_pages',
    'fleet_flow',
    'fleet_records',
    'fleet_reports',
    'renewals',
    'fleet_ops',
  ],
  'fleet-new': ['live', 'report_pages', 'fleet_flow', 'fleet_records'],
  'reports': [
    'live',
    'report_pages',
    'fleet_flow',
    'reports',
    'report_exports',
    'fleet_reports',
    'geocoding',
  ],
  'settings': ['live', 'report_pages', 'fleet_flow', 'fleet_records', 'settings'],
}

/** The namespaces a page of `layout` gets; in the back office, by its route's area. */
export function namespacesFor(layout: Layout, routeName: string | null): string[] {
  if (layout === 'frontend') return ['common', 'messages', 'site']
  if (layout === 'auth') return ['common', 'messages', 'auth']
  const area = routeName?.split('.')[0]
  const extra = area === undefined ? undefined : areaNamespaces[area]
  if (!extra) return backOffice
  // The reports layout (its menu of reports) also serves fleet pages such as the fleet summary.
  const reportsLayout =
    layout === 'reports' ? ['reports', 'report_pages', 'report_exports', 'geocoding'] : []
  return [...new Set([...backOfficeBase, ...extra, ...reportsLayout])]
}

const cache = new Map<string, Record<string, ClientMessage>>()

/** `reports.<key>.…`: the texts of one report (its columns, inputs, values, totals, chart). */
const REPORT_TEXT = /^reports\.([^.]+)\./

/** A report's page: its report's key, among those of every report. */
export interface PageReport {
  key: string
  keys: ReadonlySet<string>
}

/**
 * The translations a page needs on the client: those of its layout and route area
 * (namespacesFor). Flattened keys, as the i18n manager holds them; cached per locale and
 * namespace set. A report's page gets the texts of its own report only, not those of every
 * report (about a third of the reports area's messages); the texts the reports share
 * (`reports.periods`, `reports.errors`) stay.
 */
export function pageMessages(
  locale: Locale,
  layout: Layout,
  routeName: string | null = null,
  report: PageReport | null = null
): Record<string, ClientMessage> {
  const namespaces = namespacesFor(layout, routeName)
  const cacheKey = `${locale}:${namespaces.join(',')}:${report?.key ?? ''}`
  const cached = cache.get(cacheKey)
  if (cached) return cached

  const all = i18nManager.getTranslationsFor(locale)
  const fallback = i18nManager.getTranslationsFor(i18nManager.defaultLocale)
  const messages: Record<string, ClientMessage> = {}
  for (const source of [fallback, all]) {
    for (const [key, value] of Object.entries(source)) {
      if (!namespaces.some((namespace) => key.startsWith(`${namespace}.`))) continue
      const of = report && REPORT_TEXT.exec(key)?.[1]
      if (of && of !== report.key && report.keys.has(of)) continue
      messages[key] = clientMessage(value)
    }
  }
  cache.set(cacheKey, messages)
  return messages
}
