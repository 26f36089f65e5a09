import { usePage } from '@inertiajs/react'
import { IntlMessageFormat } from 'intl-messageformat'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { useMemo } from 'react'
import type { SharedProps } from '~/types'

export type Translate = (key: string, values?: Record<string, string | number>) => string

/** A message as the server sends it: text, or a parsed ICU message (app/services/page_messages.ts). */
export type ClientMessage = string | unknown[]

const compiled = new WeakMap<MessageFormatElement[], Map<string, IntlMessageFormat | null>>()

/** The formatter of a parsed ICU message in a language (cached); null when it cannot be built. */
function formatterFor(message: MessageFormatElement[], locale: string): IntlMessageFormat | null {
  let byLocale = compiled.get(message)
  if (!byLocale) compiled.set(message, (byLocale = new Map()))
  if (!byLocale.has(locale)) {
    try {
      byLocale.set(locale, new IntlMessageFormat(message, locale))
    } catch {
      byLocale.set(locale, null)
    }
  }
  return byLocale.get(locale)!
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name])
  )

/**
 * Formats a message: `{name}` placeholders are filled in; a plural or select message
 * (`{count, plural, one {# trip} other {# trips}}`, parsed on the server) is formatted by
 * intl-messageformat, the formatter the server's i18n uses too. A placeholder without a
 * value stays as written, so a missing value shows rather than breaking the page.
 */
export function translate(
  messages: Record<string, ClientMessage>,
  key: string,
  values?: Record<string, string | number>,
  locale = 'en'
): string {
  const message = messages[key]
  if (message === undefined) return key
  if (typeof message === 'string') return values ? fill(message, values) : message
  const formatter = formatterFor(message as MessageFormatElement[], locale)
  if (formatter) {
    try {
      return String(formatter.format(values ?? {}))
    } catch {
      // A value is missing: the message's text with the values given.
    }
  }
  return key
}

/** The page's language and its translate function (stable while the messages are). */
export function useI18n() {
  const { locale, messages } = usePage<SharedProps>().props
  const t = useMemo<Translate>(
    () => (key, values) => translate(messages, key, values, locale),
    [messages, locale]
  )
  const has = useMemo(() => (key: string) => messages[key] !== undefined, [messages])
  return { t, has, locale }
}
