import type { DateTime } from 'luxon'
import type { ScheduleFrequency } from '#models/scheduled_report'

export interface ScheduleTiming {
  frequency: ScheduleFrequency
  weekday: number | null
  monthDay: number | null
  hour: number
  timezone: string
}

/** The day of a month a monthly schedule runs: its day, or the month's last day when shorter. */
function monthlyAt(month: DateTime, timing: ScheduleTiming) {
  const day = Math.min(timing.monthDay ?? 1, month.daysInMonth ?? 28)
  return month.set({ day, hour: timing.hour, minute: 0, second: 0, millisecond: 0 })
}

/**
 * The latest instant at or before `now` a schedule was meant to run, in its time zone: today
 * (or yesterday) at its hour, the last of its weekday, the last of its day of the month.
 */
export function lastDueAt(timing: ScheduleTiming, now: DateTime): DateTime {
  const local = now.setZone(timing.timezone)
  const atHour = local.set({ hour: timing.hour, minute: 0, second: 0, millisecond: 0 })
  switch (timing.frequency) {
    case 'daily':
      return atHour > local ? atHour.minus({ days: 1 }) : atHour
    case 'weekly': {
      const back = (local.weekday - (timing.weekday ?? 1) + 7) % 7
      const candidate = atHour.minus({ days: back })
      return candidate > local ? candidate.minus({ weeks: 1 }) : candidate
    }
    case 'monthly': {
      const candidate = monthlyAt(local.startOf('month'), timing)
      return candidate > local
        ? monthlyAt(local.startOf('month').minus({ months: 1 }), timing)
        : candidate
    }
  }
}

/**
 * Whether a schedule is due at `now`: its latest run time has passed since it last ran (or,
 * never run, since it was created: a schedule made at 10:00 for 08:00 first runs tomorrow).
 */
export function isDue(
  timing: ScheduleTiming & { lastRunAt: DateTime | null; createdAt: DateTime },
  now: DateTime
): boolean {
  const due = lastDueAt(timing, now)
  const since = timing.lastRunAt ?? timing.createdAt
  return since < due
}
