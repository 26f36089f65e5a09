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

/** The wall-clock parts of an instant in a time zone. */
export function localParts(value: string | number | Date, timezone: string): LocalParts {
  const parts: Record<string, string> = {}
  for (const part of partFormatter(timezone).formatToParts(new Date(value))) {
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
