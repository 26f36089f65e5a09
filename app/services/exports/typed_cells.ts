import { localParts, type DisplayPreferences } from '#shared/date_format'

/**
 * What a column of an export holds, so that a spreadsheet can sum, sort and filter it: XLSX
 * gets real dates (the user's wall-clock time), durations as time values and rounded numbers
 * with number formats; CSV gets the same figures as text in the export's dialect.
 */
export type CellType =
  'text' | 'number' | 'integer' | 'money' | 'coordinate' | 'date' | 'datetime' | 'duration'

export interface SheetColumn {
  key: string
  label: string
  type: CellType
}

/** How an export writes: the user's time zone and date format, the CSV separator and decimal mark. */
export interface ExportDialect {
  preferences: DisplayPreferences
  delimiter: ',' | ';' | '\t'
  decimalMark: '.' | ','
}

const delimiters = { comma: ',', semicolon: ';', tab: '\t' } as const
export type DelimiterChoice = keyof typeof delimiters
export const delimiterChoices = Object.keys(delimiters) as DelimiterChoice[]

/**
 * The dialect of an export's language (Turkish spreadsheets read `;` with a decimal comma,
 * English ones `,` with a decimal point), or the separator the user chose; a comma separator
 * always comes with a decimal point.
 */
export function exportDialect(
  locale: string,
  preferences: DisplayPreferences,
  chosen?: string | null
): ExportDialect {
  const decimalComma = new Intl.NumberFormat(locale).format(1.5).includes(',')
  const delimiter =
    chosen && chosen in delimiters
      ? delimiters[chosen as DelimiterChoice]
      : decimalComma
        ? ';'
        : ','
  return { preferences, delimiter, decimalMark: decimalComma && delimiter !== ',' ? ',' : '.' }
}

const decimalsOf: Partial<Record<CellType, number>> = {
  number: 2,
  integer: 0,
  money: 2,
  coordinate: 6,
}

function round(value: number, decimals: number) {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

function toNumber(value: unknown): number | null {
  const number = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(number) ? number : null
}

/** A calendar date (`2026-03-04`, or a Date at midnight in `zone`) as its year, month and day. */
function calendarParts(value: unknown, zone: string) {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-')
    return { year, month, day, hour: '00', minute: '00', second: '00' }
  }
  const date = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(date.getTime()) ? null : localParts(date, zone)
}

/** Seconds as `h:mm:ss` (hours past 24 kept), the text spreadsheets read as a duration. */
function durationText(seconds: number) {
  const whole = Math.max(0, Math.round(seconds))
  const pad = (part: number) => String(part).padStart(2, '0')
  return `${Math.floor(whole / 3600)}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}`
}

/**
 * An XLSX cell: a Date whose UTC fields are the user's wall-clock time (a spreadsheet date has
 * no zone), a duration as a fraction of a day, numbers rounded; anything else as it is.
 * `dateZone` is the zone a Date of a DATE column stands in (local midnight of that day).
 */
export function xlsxValue(
  type: CellType,
  value: unknown,
  dialect: ExportDialect,
  dateZone: string
) {
  if (value === null || value === undefined || value === '') return null
  switch (type) {
    case 'date':
    case 'datetime': {
      const parts = calendarParts(
        value,
        type === 'date' && value instanceof Date ? dateZone : dialect.preferences.timezone
      )
      if (!parts) return String(value)
      return new Date(
        Date.UTC(
          Number(parts.year),
          Number(parts.month) - 1,
          Number(parts.day),
          type === 'date' ? 0 : Number(parts.hour),
          type === 'date' ? 0 : Number(parts.minute),
          type === 'date' ? 0 : Number(parts.second)
        )
      )
    }
    case 'duration': {
      const seconds = toNumber(value)
      return seconds === null ? String(value) : Math.max(0, Math.round(seconds)) / 86_400
    }
    case 'text':
      return value
    default: {
      const number = toNumber(value)
      return number === null ? String(value) : round(number, decimalsOf[type] ?? 2)
    }
  }
}

/** The Excel number format of a cell of this type (the user's date order). */
export function xlsxNumberFormat(type: CellType, value: unknown, dialect: ExportDialect) {
  const date = dialect.preferences.dateFormat.replace('MM', 'mm')
  switch (type) {
    case 'date':
      return date
    case 'datetime':
      return `${date} hh:mm:ss`
    case 'duration':
      return '[h]:mm:ss'
    case 'money':
      return '#,##0.00'
    case 'coordinate':
      return '0.000000'
    case 'integer':
      return '#,##0'
    case 'number':
      return typeof value === 'number' && Number.isInteger(value) ? '#,##0' : '#,##0.00'
    default:
      return undefined
  }
}

/**
 * A CSV cell as text in the dialect: dates in the user's format and zone, durations as
 * `h:mm:ss`, numbers rounded without grouping and with the dialect's decimal mark.
 */
export function csvValue(type: CellType, value: unknown, dialect: ExportDialect, dateZone: string) {
  const typed = xlsxValue(type, value, dialect, dateZone)
  if (typed === null || type === 'text') return typed
  if (typed instanceof Date) {
    const pad = (part: number) => String(part).padStart(2, '0')
    const day = dialect.preferences.dateFormat
      .replace('yyyy', String(typed.getUTCFullYear()))
      .replace('MM', pad(typed.getUTCMonth() + 1))
      .replace('dd', pad(typed.getUTCDate()))
    if (type === 'date') return day
    return `${day} ${pad(typed.getUTCHours())}:${pad(typed.getUTCMinutes())}:${pad(typed.getUTCSeconds())}`
  }
  if (type === 'duration' && typeof typed === 'number') return durationText(typed * 86_400)
  if (typeof typed === 'number') {
    const text = type === 'coordinate' ? typed.toFixed(6) : String(typed)
    return dialect.decimalMark === ',' ? text.replace('.', ',') : text
  }
  return typed
}
