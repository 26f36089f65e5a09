/**
 * The product's languages. English is the default and has no path prefix;
 * every Turkish path starts with /tr.
 */
export const locales = [
  { code: 'en', nativeName: 'English', flag: '🇬🇧' },
  { code: 'tr', nativeName: 'Türkçe', flag: '🇹🇷' },
] as const

export type Locale = (typeof locales)[number]['code']

export const defaultLocale: Locale = 'en'

export const LOCALE_COOKIE = 'locale'
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365

export function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale.code === value)
}

export function localeFromPath(path: string): Locale {
  return path === '/tr' || path.startsWith('/tr/') ? 'tr' : 'en'
}
