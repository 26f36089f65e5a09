import { formatCalendarDate, formatDateTime, type DisplayPreferences } from './date_format.js'
import { numberFormat } from './number_format.js'

/**
 * How a report's value reads, the same on the report page, in its CSV/XLSX/PDF exports and in
 * scheduled e-mails: times in the user's time zone and date format, numbers in the page's
 * language with their unit, durations in hours and minutes, Yes/No, enum values translated.
 */
export interface ReportColumnView {
  name: string
  kind: 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum'
  /** km, km/h and duration are written the page's way; any other unit follows the number. */
  unit?: string | null
  /** An amount in this currency (ISO 4217): "₺1.234,50". */
  currency?: string | null
}

export interface ReportValueContext {
  locale: string
  preferences: DisplayPreferences
  t: (key: string, values?: Record<string, string | number>) => string
  /** The report's i18n key (`reports.<key>.values.<column>.<value>`). */
  reportKey: string
  /** Whether a translation exists (enum values fall back to the raw value). */
  has?: (key: string) => boolean
}

const durationUnits: Record<string, { d: string; h: string; min: string; s: string }> = {
  en: { d: 'd', h: 'h', min: 'min', s: 's' },
  tr: { d: 'g', h: 'sa', min: 'dk', s: 'sn' },
}

const speedUnits: Record<string, string> = { en: 'km/h', tr: 'km/sa' }

export function reportNumber(value: number, locale: string, maximumFractionDigits = 2) {
  return numberFormat(locale, { maximumFractionDigits }).format(value)
}

/** Seconds as "2 h 05 min", "45 min", "30 s" ("2 sa 05 dk"); days past 48 hours. */
export function reportDuration(totalSeconds: number, locale: string) {
  const units = durationUnits[locale] ?? durationUnits.en
  const seconds = Math.max(0, Math.round(totalSeconds))
  if (seconds < 60) return `${seconds} ${units.s}`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} ${units.min}`
  const hours = Math.floor(minutes / 60)
  if (hours >= 48) return `${Math.floor(hours / 24)} ${units.d} ${hours % 24} ${units.h}`
  return `${hours} ${units.h} ${String(minutes % 60).padStart(2, '0')} ${units.min}`
}

/** A report cell as text (PDF, the page); null and empty read as an empty cell. */
export function formatReportValue(
  column: ReportColumnView,
  value: unknown,
  context: ReportValueContext
): string {
  if (value === null || value === undefined || value === '') return ''
  switch (column.kind) {
    case 'datetime':
      return formatDateTime(value as string, context.preferences)
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? formatCalendarDate(value, context.preferences)
        : String(value)
    case 'boolean':
      return context.t(value === true || value === 'true' ? 'crud.table.yes' : 'crud.table.no')
    case 'enum': {
      const key = `reports.${context.reportKey}.values.${column.name}.${value}`
      return !context.has || context.has(key) ? context.t(key) : String(value)
    }
    case 'number': {
      const number = Number(value)
      if (!Number.isFinite(number)) return String(value)
      if (column.name === 'latitude' || column.name === 'longitude') return number.toFixed(6)
      if (column.currency) {
        return numberFormat(context.locale, {
          style: 'currency',
          currency: column.currency,
          currencyDisplay: 'narrowSymbol',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(number)
      }
      if (column.unit === 'duration') return reportDuration(number, context.locale)
      if (column.unit === 'km/h') {
        return `${reportNumber(Math.round(number), context.locale)} ${speedUnits[context.locale] ?? speedUnits.en}`
      }
      if (column.unit) return `${reportNumber(number, context.locale)} ${column.unit}`
      return reportNumber(number, context.locale)
    }
    default:
      return String(value)
  }
}

export interface ReportTotal {
  name: string
  /** Whether the total belongs under a column of the table (the totals row). */
  column: boolean
  /** The total's label ("Distance (km)"), empty when the text says it all ("2 trips"). */
  label: string
  text: string
}

/**
 * The totals of a report run as they read: a count as a sentence of its own ("2 trips",
 * `reports.<key>.counts.<name>`), every other total as a label (`totals.<name>`, else the
 * column's) with its value written like the column of that name, or like its declared total
 * field (`totalFields`: a distance, a duration, an amount in a currency) when no column has it.
 */
export function reportTotals(
  totals: Record<string, number | null>,
  columns: ReportColumnView[],
  context: ReportValueContext,
  fields: ReportColumnView[] = []
): ReportTotal[] {
  const has = context.has ?? (() => true)
  return Object.entries(totals).map(([name, value]) => {
    const count = `reports.${context.reportKey}.counts.${name}`
    if (has(count) && value !== null) {
      return { name, column: false, label: '', text: context.t(count, { count: value }) }
    }
    const column = columns.find((candidate) => candidate.name === name)
    const view = column ?? fields.find((candidate) => candidate.name === name)
    const own = `reports.${context.reportKey}.totals.${name}`
    const label = has(own)
      ? context.t(own)
      : context.t(`reports.${context.reportKey}.columns.${name}`)
    const text =
      value === null || !Number.isFinite(Number(value))
        ? '—'
        : // A total under a yes/no or text column counts its rows ("Completed: 3", not "Yes").
          view?.kind === 'number'
          ? formatReportValue(view, value, context)
          : reportNumber(value, context.locale)
    return { name, column: Boolean(column), label, text }
  })
}

/** A chart series' name: `chart.<name>`, else the total or the column of that name. */
export function chartSeriesLabel(name: string, context: ReportValueContext) {
  const has = context.has ?? (() => true)
  for (const group of ['chart', 'totals', 'columns']) {
    const key = `reports.${context.reportKey}.${group}.${name}`
    if (has(key)) return context.t(key)
  }
  return context.t(`reports.${context.reportKey}.chart.${name}`)
}

/** A choice of a report's own parameter: `inputs.<input>.<choice>`, else the column value's label. */
export function inputChoiceLabel(input: string, choice: string, context: ReportValueContext) {
  const has = context.has ?? (() => true)
  for (const group of ['inputs', 'values']) {
    const key = `reports.${context.reportKey}.${group}.${input}.${choice}`
    if (has(key)) return context.t(key)
  }
  return choice
}

/**
 * A half-open period [from, to) as people read it: whole days as dates ("01.03.2026 –
 * 31.03.2026", one day once), anything else as date-times.
 */
export function formatPeriod(from: string, to: string, preferences: DisplayPreferences): string {
  const fromDate = new Date(from)
  const toDate = new Date(to)
  const midnight = (value: Date) => {
    const time = formatDateTime(value, preferences, { seconds: true })
    return time.endsWith(' 00:00:00')
  }
  if (midnight(fromDate) && midnight(toDate)) {
    const first = formatDateTime(fromDate, preferences).split(' ')[0]
    const last = formatDateTime(new Date(toDate.getTime() - 1000), preferences).split(' ')[0]
    return first === last ? first : `${first} – ${last}`
  }
  return `${formatDateTime(fromDate, preferences)} – ${formatDateTime(toDate, preferences)}`
}
