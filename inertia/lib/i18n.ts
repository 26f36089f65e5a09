import { usePage } from '@inertiajs/react'
import { useMemo } from 'react'
import type { SharedProps } from '~/types'

export type Translate = (key: string, values?: Record<string, string | number>) => string

/** Replaces {name} placeholders; the server side uses the same ICU-style placeholders. */
export function translate(
  messages: Record<string, string>,
  key: string,
  values?: Record<string, string | number>
): string {
  const message = messages[key]
  if (message === undefined) return key
  if (!values) return message
  return message.replace(/\{(\w+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name])
  )
}

/** The page's language and its translate function (stable while the messages are). */
export function useI18n() {
  const { locale, messages } = usePage<SharedProps>().props
  const t = useMemo<Translate>(() => (key, values) => translate(messages, key, values), [messages])
  return { t, locale }
}
