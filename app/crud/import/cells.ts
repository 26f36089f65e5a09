import { DateTime } from 'luxon'

/**
 * Reading the cells of an imported spreadsheet (pure functions, no database). Each parser
 * answers null when the text is not of its kind: the raw text then goes to the resource's
 * validator, whose message says what is wrong in the page's language.
 */

/** A text as references, enum labels and headers are compared: case, accents of i, spaces. */
export function matchKey(text: string): string {
  // Plain ASCII (plates, most names): the same key without the slower Unicode steps.
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase().replace(/\s+/g, '')
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('tr-TR')
    .replace(/ı/g, 'i')
    .replace(/i̇/g, 'i')
    .replace(/\s+/g, '')
}

const CURRENCY_MARKS = /^(₺|tl|try|eur|€)|(₺|tl|try|eur|€)$/i

/**
 * A number as people type it: `1234.5`, `1234,5` (Turkish decimal comma), `1.234,50`,
 * `1,234.50`, `1 234,5`, with or without a currency mark (₺, TL, EUR, €).
 */
export function parseNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '').replace(CURRENCY_MARKS, '')
  if (!/^[+-]?[\d.,]*\d[\d.,]*$/.test(compact)) return null
  const commas = compact.split(',').length - 1
  const dots = compact.split('.').length - 1
  let normalized: string
  if (commas > 0 && dots > 0) {
    // Both marks: the later one is the decimal mark, the other groups thousands.
    normalized =
      compact.lastIndexOf(',') > compact.lastIndexOf('.')
        ? compact.replace(/\./g, '').replace(',', '.')
        : compact.replace(/,/g, '')
    if ((normalized.match(/\./g) ?? []).length > 1) return null
  } else if (commas > 0) {
    // One comma is the Turkish decimal mark; several group thousands (1,234,567).
    if (commas === 1) normalized = compact.replace(',', '.')
    else if (/^[+-]?\d{1,3}(,\d{3})+$/.test(compact)) normalized = compact.replace(/,/g, '')
    else return null
  } else if (dots > 1) {
    // 1.234.567: dots group thousands (Turkish).
    if (!/^[+-]?\d{1,3}(\.\d{3})+$/.test(compact)) return null
    normalized = compact.replace(/\./g, '')
  } else normalized = compact
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null
  const value = Number(normalized)
  return Number.isFinite(value) ? value : null
}

/**
 * A calendar date as `YYYY-MM-DD`: ISO (`2026-11-04`, or a date-time whose date part is
 * taken), or day first as written in Turkey and most of Europe (`04.11.2026`, `4/11/2026`,
 * `04-11-2026`). An impossible date (31.02.2026) is null.
 */
export function parseDate(text: string): string | null {
  const value = text.trim()
  let year: number
  let month: number
  let day: number
  let match =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      value
    )
  if (match) {
    ;[year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  } else {
    match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(value)
    if (!match) return null
    ;[day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  }
  const date = DateTime.fromObject({ year, month, day }, { zone: 'utc' })
  return date.isValid ? date.toISODate() : null
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'x', 'evet', 'e', 'doğru', 'var'])
const FALSE_WORDS = new Set(['0', 'false', 'no', 'n', 'hayır', 'hayir', 'h', 'yanlış', 'yok'])

/** Yes/no in English or Turkish (evet/hayır), true/false, 1/0. */
export function parseBoolean(text: string): boolean | null {
  const key = text.trim().toLocaleLowerCase('tr-TR')
  if (TRUE_WORDS.has(key)) return true
  if (FALSE_WORDS.has(key)) return false
  return null
}

/**
 * One of an enum's values, written as the value itself (`unpaid`) or as its label in
 * either language ("Unpaid", "Ödenmedi").
 */
export function parseEnum(
  text: string,
  values: readonly string[],
  labels: (value: string) => string[]
): string | null {
  return enumReader(values, labels)(text)
}

/**
 * `parseEnum` for many cells of one field: the values' and labels' keys are computed once.
 */
export function enumReader(
  values: readonly string[],
  labels: (value: string) => string[]
): (text: string) => string | null {
  const byKey = new Map<string, string>()
  for (const value of values) {
    for (const name of [value, ...labels(value)]) {
      const key = matchKey(name)
      if (!byKey.has(key)) byKey.set(key, value)
    }
  }
  return (text) => byKey.get(matchKey(text)) ?? null
}
