import { usePage } from '@inertiajs/react'
import { IntlMessageFormat } from 'intl-messageformat'
import { useMemo } from 'react'
import type { SharedProps } from '~/types'

export type Translate = (key: string, values?: Record<string, string | number>) => string

const compiled = new Map<string, IntlMessageFormat | null>()

/** The compiled ICU message (cached); null when the text is not valid ICU. */
function formatterFor(message: string, locale: string): IntlMessageFormat | null {
  const cacheKey = `${locale}\u0000${message}`
  if (!compiled.has(cacheKey)) {
    try {
      compiled.set(cacheKey, new IntlMessageFormat(message, locale))
    } catch {
      compiled.set(cacheKey, null)
    }
  }
  return compiled.get(cacheKey)!
}

/**
 * Formats an ICU message (`{name}` placeholders, `{count, plural, one {# trip} other {# trips}}`)
 * with intl-messageformat, the formatter the server's i18n uses too. A placeholder without a
 * value stays as written, so a missing value shows rather than breaking the page.
 */
export function translate(
  messages: Record<string, string>,
  key: string,
  values?: Record<string, string | number>,
  locale = 'en'
): string {
  const message = messages[key]
  if (message === undefined) return key
  if (!values) return message
  const formatter = formatterFor(message, locale)
  if (formatter) {
    try {
      return String(formatter.format(values))
    } catch {
      // A value is missing: fall through and fill in the ones given.
    }
  }
  return message.replace(/\{(\w+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name])
  )
}

/** The page's language and its translate function (stable while the messages are). */
export function useI18n() {
  const { locale, messages } = usePage<SharedProps>().props
  const t = useMemo<Translate>(
    () => (key, values) => translate(messages, key, values, locale),
    [messages, locale]
  )
  return { t, locale }
}
