import { useMemo } from 'react'
import { usePage } from '@inertiajs/react'
import type { Locale } from '#shared/locales'
import type { SharedProps } from '~/types'
import {
  DEFAULT_PREFERENCES,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatTime,
  type DisplayPreferences,
} from '#shared/date_format'
import { formatMoney } from '#shared/money'
import { numberFormat } from '#shared/number_format'

/**
 * Formatters of the live screens: speed, distance, duration, coordinates, and dates in the
 * user's time zone and date format (users.timezone, users.date_format). Pure functions with
 * explicit time zones, so the server render and the browser agree.
 */
export {
  DEFAULT_PREFERENCES,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatTime,
  localParts,
  type DisplayPreferences,
  type LocalParts,
} from '#shared/date_format'

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 0) {
  return numberFormat(locale, { maximumFractionDigits }).format(value)
}

const speedUnits: Record<Locale, string> = { en: 'km/h', tr: 'km/sa' }

/** The speed unit written the same way everywhere in a language (tables' labels too). */
export function speedUnit(locale: Locale) {
  return speedUnits[locale] ?? speedUnits.en
}

export function formatSpeed(kmh: number, locale: Locale) {
  return `${formatNumber(Math.round(kmh), locale)} ${speedUnit(locale)}`
}

const protocolNames: Record<string, string> = {
  teltonika: 'Teltonika',
  gt06: 'GT06',
  osmand: 'OsmAnd',
  h02: 'H02',
  gps103: 'GPS103',
  meitrack: 'Meitrack',
  ruptela: 'Ruptela',
  gl200: 'Queclink',
}

/** A tracker protocol as people write it (Teltonika, GT06, OsmAnd), the same on every page. */
export function protocolName(protocol: string) {
  return protocolNames[protocol.toLowerCase()] ?? protocol
}

/** Coordinates keep 6 decimals (about 10 cm): enough for a vehicle, not noise. */
export function formatCoordinate(value: number) {
  return value.toFixed(6)
}

/** Metres as "850 m", "12,4 km" (Turkish) or "1,204 km". */
export function formatDistance(metres: number, locale: Locale) {
  if (Math.abs(metres) < 1000) return `${formatNumber(Math.round(metres), locale)} m`
  const km = metres / 1000
  return `${formatNumber(km, locale, km < 100 ? 1 : 0)} km`
}

const durationUnits: Record<Locale, { h: string; min: string; s: string; d: string }> = {
  en: { d: 'd', h: 'h', min: 'min', s: 's' },
  tr: { d: 'g', h: 'sa', min: 'dk', s: 'sn' },
}

/** Seconds as "2 h 05 min", "45 min", "30 s" ("2 sa 05 dk" in Turkish); days past 48 hours. */
export function formatDuration(totalSeconds: number, locale: Locale) {
  const units = durationUnits[locale] ?? durationUnits.en
  const seconds = Math.max(0, Math.round(totalSeconds))
  if (seconds < 60) return `${seconds} ${units.s}`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} ${units.min}`
  const hours = Math.floor(minutes / 60)
  if (hours >= 48) {
    const days = Math.floor(hours / 24)
    return `${days} ${units.d} ${hours % 24} ${units.h}`
  }
  return `${hours} ${units.h} ${String(minutes % 60).padStart(2, '0')} ${units.min}`
}

export function formatCoordinates(lat: number, lon: number) {
  return `${formatCoordinate(lat)}, ${formatCoordinate(lon)}`
}

const compass: Record<Locale, string[]> = {
  en: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
  tr: ['K', 'KD', 'D', 'GD', 'G', 'GB', 'B', 'KB'],
}

/** The compass point of a course in degrees (N, NE … or K, KD … in Turkish). */
export function compassPoint(course: number, locale: Locale) {
  const points = compass[locale] ?? compass.en
  const normalized = ((course % 360) + 360) % 360
  return points[Math.round(normalized / 45) % 8]
}

/**
 * "3 minutes ago", "in 2 days" ("3 dakika önce"), rounded to the largest whole unit. Less than
 * a minute ahead reads "now": a value newer than the caller's clock is one that just arrived.
 */
export function formatRelative(value: string | number | Date, locale: Locale, now = Date.now()) {
  let seconds = Math.round((new Date(value).getTime() - now) / 1000)
  if (seconds > 0 && seconds < 60) seconds = 0
  const formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const absolute = Math.abs(seconds)
  if (absolute < 45) return formatter.format(seconds, 'second')
  if (absolute < 45 * 60) return formatter.format(Math.round(seconds / 60), 'minute')
  if (absolute < 22 * 3600) return formatter.format(Math.round(seconds / 3600), 'hour')
  return formatter.format(Math.round(seconds / 86400), 'day')
}

/** The formatters of a language and the user's preferences. */
export function formattersFor(locale: Locale, prefs: DisplayPreferences) {
  return {
    locale,
    preferences: prefs,
    date: (value: string | number | Date) => formatDate(value, prefs),
    time: (value: string | number | Date, seconds = false) => formatTime(value, prefs, { seconds }),
    dateTime: (value: string | number | Date, seconds = false) =>
      formatDateTime(value, prefs, { seconds }),
    calendarDate: (isoDate: string) => formatCalendarDate(isoDate, prefs),
    number: (value: number, digits = 0) => formatNumber(value, locale, digits),
    money: (amount: number, currency: string | null) => formatMoney(amount, currency, locale),
    speed: (kmh: number) => formatSpeed(kmh, locale),
    speedUnit: speedUnit(locale),
    protocol: protocolName,
    coordinate: formatCoordinate,
    distance: (metres: number) => formatDistance(metres, locale),
    duration: (seconds: number) => formatDuration(seconds, locale),
    relative: (value: string | number | Date, now?: number) => formatRelative(value, locale, now),
    compass: (course: number) => compassPoint(course, locale),
  }
}

/** The formatters bound to the page's language and the user's preferences (a page prop). */
export function useFormat() {
  const { locale, displayPreferences } = usePage<SharedProps>().props
  const timezone = displayPreferences?.timezone ?? DEFAULT_PREFERENCES.timezone
  const dateFormat = displayPreferences?.dateFormat ?? DEFAULT_PREFERENCES.dateFormat
  // One object per locale and preferences: grids and memoised cells keep their identity (a new
  // object on every render would redraw every cell and lose the keyboard focus inside them).
  return useMemo(
    () => formattersFor(locale, { timezone, dateFormat }),
    [locale, timezone, dateFormat]
  )
}

export type Formatters = ReturnType<typeof formattersFor>
