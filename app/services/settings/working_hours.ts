import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

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

/** Zone of a company without an owner's time zone (the product's home market). */
export const DEFAULT_COMPANY_ZONE = 'Europe/Istanbul'

/**
 * The SQL of a company's working hours and the zone they are read in (the company has no
 * zone of its own: its first owner's), with `placeholder` standing for the company id. The
 * listener's in-memory store and the trip report read them alike.
 */
export function companyHoursSql(placeholder: string) {
  return `SELECT (SELECT s.working_hours FROM company_settings s WHERE s.company_id = c.id) AS hours,
              (SELECT u.timezone FROM team_members m JOIN users u ON u.id = m.user_id
                WHERE m.company_id = c.id AND m.role = 'owner' ORDER BY m.id LIMIT 1) AS zone
         FROM companies c
        WHERE c.id = ${placeholder}`
}

/** A company's working hours (null: none saved) and the zone they are read in. */
export async function companyHoursOf(
  companyId: number,
  client: QueryClientContract
): Promise<{ hours: WorkingHours | null; zone: string }> {
  const { rows } = await client.rawQuery(companyHoursSql('?'), [companyId])
  return { hours: rows[0]?.hours ?? null, zone: rows[0]?.zone || DEFAULT_COMPANY_ZONE }
}

/** The company's saved working hours, or null when it has none (every hour is working time). */
export async function workingHoursOf(companyId: number): Promise<WorkingHours | null> {
  const { default: CompanySetting } = await import('#models/company_setting')
  const settings = await CompanySetting.find(companyId)
  return settings?.workingHours ?? null
}

/**
 * Whether any part of [start, end) falls outside the working hours, read in `zone`: the
 * trip report's "outside working hours" filter. Being outside changes only at a day's from
 * and to, so the start and every such boundary inside the span are enough to look at.
 */
export function isSpanOutsideWorkingHours(
  hours: WorkingHours | null | undefined,
  start: Date | DateTime,
  end: Date | DateTime,
  zone: string
): boolean {
  if (!hours) return false
  const from = (start instanceof Date ? DateTime.fromJSDate(start) : start).setZone(zone)
  const to = (end instanceof Date ? DateTime.fromJSDate(end) : end).setZone(zone)
  if (isOutsideWorkingHours(hours, from, zone)) return true
  for (let day = from.startOf('day').minus({ days: 1 }); day < to; day = day.plus({ days: 1 })) {
    const entry = hours[weekdays[day.weekday - 1]]
    if (!entry) continue
    for (const time of [entry.from, entry.to]) {
      const [hour, minute] = time.split(':').map(Number)
      let boundary = day.set({ hour, minute, second: 0, millisecond: 0 })
      // A to before its from is the next day's.
      if (time === entry.to && minutesOf(entry.to) <= minutesOf(entry.from)) {
        boundary = boundary.plus({ days: 1 })
      }
      if (boundary > from && boundary < to && isOutsideWorkingHours(hours, boundary, zone)) {
        return true
      }
    }
  }
  return false
}

/** The event code of driving outside working hours (A: it began, F: it ended). */
export const OUT_OF_HOURS_CODE = 'OUT_OF_HOURS'

/**
 * The out-of-hours event of one position, for the event flow: driving (moving) outside the
 * working hours raises `OUT_OF_HOURS` A once, and F once the vehicle stops or the working
 * hours begin. `wasOutside` is what the previous position of the device gave (false for the
 * first one); the answer carries the value to keep for the next position. Pure.
 */
export function outOfHoursEvent(
  hours: WorkingHours | null | undefined,
  zone: string,
  wasOutside: boolean,
  position: { fixTime: Date | DateTime; moving: boolean }
): { outside: boolean; event: { code: string; state: 'A' | 'F' } | null } {
  const outside = position.moving && isOutsideWorkingHours(hours, position.fixTime, zone)
  if (outside === wasOutside) return { outside, event: null }
  return { outside, event: { code: OUT_OF_HOURS_CODE, state: outside ? 'A' : 'F' } }
}

/**
 * The working-time intervals [start, end) of `hours` inside [from, to), read in `zone`: one per
 * working day (a day whose `to` is not after its `from` runs into the next day), cut at `from`
 * and `to`. Without saved hours, `defaultWorkingHours` (Monday to Friday 08:00–18:00): the
 * utilisation report's denominator. Pure.
 */
export function workingWindows(
  hours: WorkingHours | null | undefined,
  from: DateTime,
  to: DateTime,
  zone: string
): { start: DateTime; end: DateTime }[] {
  const week = hours ?? defaultWorkingHours
  const windows: { start: DateTime; end: DateTime }[] = []
  const first = from.setZone(zone).startOf('day').minus({ days: 1 })
  for (let day = first; day < to; day = day.plus({ days: 1 })) {
    const entry = week[weekdays[day.weekday - 1]]
    if (!entry) continue
    const at = (time: string) => {
      const [hour, minute] = time.split(':').map(Number)
      return day.set({ hour, minute, second: 0, millisecond: 0 })
    }
    const start = at(entry.from)
    let end = at(entry.to)
    if (minutesOf(entry.to) <= minutesOf(entry.from)) end = end.plus({ days: 1 })
    const cutStart = start < from ? from : start
    const cutEnd = end > to ? to : end
    if (cutEnd > cutStart) windows.push({ start: cutStart, end: cutEnd })
  }
  return windows
}
