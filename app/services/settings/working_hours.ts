import { DateTime } from 'luxon'

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof weekdays)[number]

/** One working day: from and to as `HH:mm` in the company's time zone; `to` before `from` crosses midnight. */
export interface WorkingDay {
  from: string
  to: string
}

/** Working hours per weekday; `null` is a day off. */
export type WorkingHours = Record<Weekday, WorkingDay | null>

/** Monday to Friday 08:00–18:00, the weekend off: what a new company's page starts from. */
export const defaultWorkingHours: WorkingHours = {
  mon: { from: '08:00', to: '18:00' },
  tue: { from: '08:00', to: '18:00' },
  wed: { from: '08:00', to: '18:00' },
  thu: { from: '08:00', to: '18:00' },
  fri: { from: '08:00', to: '18:00' },
  sat: null,
  sun: null,
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/**
 * Whether `instant` falls outside the company's working hours, read in the time zone `zone`.
 * A company without working hours (`null`) works all the time: nothing is outside. A day off
 * is outside all day; a day whose `to` is not after its `from` runs past midnight into the
 * next day. Pure: the trip report filter and the out-of-hours event use it alike.
 */
export function isOutsideWorkingHours(
  hours: WorkingHours | null | undefined,
  instant: Date | DateTime,
  zone: string
): boolean {
  if (!hours) return false
  const local = (instant instanceof Date ? DateTime.fromJSDate(instant) : instant).setZone(zone)
  const minute = local.hour * 60 + local.minute
  const today = weekdays[local.weekday - 1]
  const yesterday = weekdays[(local.weekday + 5) % 7]

  const day = hours[today]
  if (day) {
    const from = minutesOf(day.from)
    const to = minutesOf(day.to)
    if (from < to ? minute >= from && minute < to : minute >= from) return false
  }
  const previous = hours[yesterday]
  if (previous && minutesOf(previous.to) <= minutesOf(previous.from)) {
    if (minute < minutesOf(previous.to)) return false
  }
  return true
}

/** The company's saved working hours, or null when it has none (every hour is working time). */
export async function workingHoursOf(companyId: number): Promise<WorkingHours | null> {
  const { default: CompanySetting } = await import('#models/company_setting')
  const settings = await CompanySetting.find(companyId)
  return settings?.workingHours ?? null
}
