import i18nManager from '@adonisjs/i18n/services/main'

import type { TranslationStatus } from '#shared/translation_statuses'

export type TranslationRow = {
  key: string
  namespace: string
  en: string | null
  tr: string | null
  status: TranslationStatus
}

export type TranslationFilter = {
  namespace?: string
  status?: TranslationStatus
  q?: string
}

/**
 * Every translation key with its English and Turkish text side by side: `missing` when one
 * language lacks it, `identical` when both read the same (often untranslated), else `ok`.
 */
export function translationRows(): TranslationRow[] {
  const en = i18nManager.getTranslationsFor('en')
  const tr = i18nManager.getTranslationsFor('tr')
  const keys = [...new Set([...Object.keys(en), ...Object.keys(tr)])].sort()
  return keys.map((key) => {
    const english = en[key] ?? null
    const turkish = tr[key] ?? null
    let status: TranslationStatus = 'ok'
    if (english === null || turkish === null || !english.trim() || !turkish.trim()) {
      status = 'missing'
    } else if (english === turkish) {
      status = 'identical'
    }
    return { key, namespace: key.split('.')[0], en: english, tr: turkish, status }
  })
}

export function translationCoverage(filter: TranslationFilter, limit = 300) {
  const rows = translationRows()
  const namespaces = [...new Set(rows.map((row) => row.namespace))].sort()
  const summary = namespaces.map((namespace) => {
    const ofNamespace = rows.filter((row) => row.namespace === namespace)
    return {
      namespace,
      total: ofNamespace.length,
      missing: ofNamespace.filter((row) => row.status === 'missing').length,
      identical: ofNamespace.filter((row) => row.status === 'identical').length,
    }
  })
  const q = filter.q?.trim().toLowerCase()
  const matching = rows.filter(
    (row) =>
      (!filter.namespace || row.namespace === filter.namespace) &&
      (!filter.status || row.status === filter.status) &&
      (!q ||
        row.key.toLowerCase().includes(q) ||
        row.en?.toLowerCase().includes(q) ||
        row.tr?.toLowerCase().includes(q))
  )
  return {
    namespaces,
    summary,
    total: matching.length,
    rows: matching.slice(0, limit),
    limit,
  }
}
