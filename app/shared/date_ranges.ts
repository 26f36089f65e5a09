import { localParts } from './date_format.js'

/**
 * The quick ranges of the period picker and dates typed in the user's format, as local
 * calendar days (yyyy-MM-dd) of a time zone. Pure functions: the picker, its tests and the
 * server agree.
 */
export type PeriodPreset =
  'today' | 'yesterday' | 'last_7_days' | 'this_week' | 'last_week' | 'this_month' | 'last_month'

/** The periods every report offers; `custom` takes a `from` and `to` date. */
export const periodKinds = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'custom',
] as const

export type PeriodKind = (typeof periodKinds)[number]

export interface PeriodValue {
  /** The quick range chosen, if any (the ends then follow the calendar). */
  preset?: PeriodPreset | null
  from: string
  to: string
}

function shift(isoDate: string, days: number) {
  const [year, month, day] = isoDate.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

function monthEnd(isoDate: string) {
  const [year, month] = isoDate.split('-').map(Number)
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)
}

/** The first and last day of a quick range, in the time zone's calendar. */
export function presetDays(preset: PeriodPreset, timezone: string, now = Date.now()) {
  const parts = localParts(now, timezone)
  const today = `${parts.year}-${parts.month}-${parts.day}`
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7 // Monday 0
  const monday = shift(today, -weekday)
  const firstOfMonth = `${parts.year}-${parts.month}-01`
  switch (preset) {
    case 'today':
      return [today, today]
    case 'yesterday':
      return [shift(today, -1), shift(today, -1)]
    case 'last_7_days':
      return [shift(today, -6), today]
    case 'this_week':
      return [monday, shift(monday, 6)]
    case 'last_week':
      return [shift(monday, -7), shift(monday, -1)]
    case 'this_month':
      return [firstOfMonth, monthEnd(firstOfMonth)]
    case 'last_month': {
      const last = shift(firstOfMonth, -1)
      return [`${last.slice(0, 7)}-01`, last]
    }
  }
}

/** A date typed in the user's format ("dd.MM.yyyy", "MM/dd/yyyy" …) as yyyy-MM-dd, or null. */
export function parseUserDate(text: string, dateFormat: string): string | null {
  const order: string[] = []
  const pattern = dateFormat
    .replace(/[.*+?^${}()|[\]\\/]/g, (char) => `\\${char}`)
    .replace(/yyyy|MM|dd/g, (token) => {
      order.push(token)
      return token === 'yyyy' ? '(\\d{4})' : '(\\d{1,2})'
    })
  const match = new RegExp(`^${pattern}$`).exec(text.trim())
  if (!match) return null
  const values: Record<string, number> = {}
  order.forEach((token, index) => (values[token] = Number(match[index + 1])))
  const date = new Date(Date.UTC(values.yyyy, values.MM - 1, values.dd))
  if (date.getUTCMonth() !== values.MM - 1 || date.getUTCDate() !== values.dd) return null
  return date.toISOString().slice(0, 10)
}
