/**
 * Dates and times in the user's time zone and date format (users.timezone, users.date_format):
 * the one formatter of tables, exports, cards and charts, on the server and in the browser.
 * Pure functions with explicit time zones, so the server render, the export and the browser agree.
 */
export interface DisplayPreferences {
  timezone: string
  dateFormat: string
}

export const DEFAULT_PREFERENCES: DisplayPreferences = { timezone: 'UTC', dateFormat: 'dd.MM.yyyy' }

const partFormatters = new Map<string, Intl.DateTimeFormat>()

function partFormatter(timezone: string) {
  let formatter = partFormatters.get(timezone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    partFormatters.set(timezone, formatter)
  }
  return formatter
}

export interface LocalParts {
  year: string
  month: string
  day: string
  hour: string
  minute: string
  second: string
}

/** The wall-clock parts of an instant in a time zone, as Intl gives them. */
function intlParts(time: number, timezone: string): LocalParts {
  const parts: Record<string, string> = {}
  for (const part of partFormatter(timezone).formatToParts(new Date(time))) {
    parts[part.type] = part.value
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  }
}

const HOUR = 3_600_000
/** Years written with four digits (the fast path's range; Intl writes the others). */
const FIRST_TIME = Date.UTC(1000, 0, 2)
const LAST_TIME = Date.UTC(9999, 11, 30)
/** Per zone, the offset of each UTC hour whose offset does not change within it (else null). */
const hourOffsets = new Map<string, Map<number, number | null>>()

/** How far the wall clock is ahead of UTC at a whole second `time` (ms). */
function offsetAt(time: number, timezone: string) {
  const parts = intlParts(time, timezone)
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second)
  )
  return wall - time
}

/**
 * The offset of `time`'s UTC hour in the zone: asked of Intl once per hour (at both ends of it),
 * null when it changes within the hour (a transition: each instant of it is asked of Intl).
 */
function hourOffset(time: number, timezone: string) {
  let zone = hourOffsets.get(timezone)
  if (!zone) hourOffsets.set(timezone, (zone = new Map()))
  const hour = Math.floor(time / HOUR) * HOUR
  let offset = zone.get(hour)
  if (offset === undefined) {
    const start = offsetAt(hour, timezone)
    offset = start === offsetAt(hour + HOUR, timezone) ? start : null
    if (zone.size >= 20_000) zone.clear()
    zone.set(hour, offset)
  }
  return offset
}

const two = (part: number) => (part < 10 ? `0${part}` : String(part))

/**
 * The wall-clock parts of an instant in a time zone. Formatting each instant with Intl costs
 * microseconds (exports write thousands): the zone's offset is asked of Intl once per UTC hour
 * and the parts are read from the shifted instant, the same parts Intl gives.
 */
export function localParts(value: string | number | Date, timezone: string): LocalParts {
  const time = new Date(value).getTime()
  if (!(time >= FIRST_TIME && time <= LAST_TIME)) return intlParts(time, timezone)
  const offset = hourOffset(time, timezone)
  if (offset === null) return intlParts(time, timezone)
  const wall = new Date(time + offset)
  return {
    year: String(wall.getUTCFullYear()),
    month: two(wall.getUTCMonth() + 1),
    day: two(wall.getUTCDate()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
    second: two(wall.getUTCSeconds()),
  }
}

function applyDateFormat(parts: LocalParts, dateFormat: string) {
  return dateFormat.replace('yyyy', parts.year).replace('MM', parts.month).replace('dd', parts.day)
}

export function formatDate(value: string | number | Date, preferences: DisplayPreferences) {
  return applyDateFormat(localParts(value, preferences.timezone), preferences.dateFormat)
}

export function formatTime(
  value: string | number | Date,
  preferences: DisplayPreferences,
  options: { seconds?: boolean } = {}
) {
  const parts = localParts(value, preferences.timezone)
  return `${parts.hour}:${parts.minute}${options.seconds ? `:${parts.second}` : ''}`
}

export function formatDateTime(
  value: string | number | Date,
  preferences: DisplayPreferences,
  options: { seconds?: boolean } = {}
) {
  const parts = localParts(value, preferences.timezone)
  const time = `${parts.hour}:${parts.minute}${options.seconds ? `:${parts.second}` : ''}`
  return `${applyDateFormat(parts, preferences.dateFormat)} ${time}`
}

/** A date-only value (yyyy-MM-dd, no time zone) in the user's date format. */
export function formatCalendarDate(isoDate: string, preferences: DisplayPreferences) {
  const [year, month, day] = isoDate.split('-')
  return applyDateFormat(
    { year, month, day, hour: '00', minute: '00', second: '00' },
    preferences.dateFormat
  )
}
