import { DateTime } from 'luxon'
import { periodKinds, type PeriodKind } from '#shared/date_ranges'

/** The periods every report offers (declared in app/shared/date_ranges.ts, with the pages). */
export { periodKinds, type PeriodKind }

export interface PeriodInput {
  period: PeriodKind
  /** `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm[:ss]`, local to the user's time zone (custom only). */
  from?: string
  /** Same form as `from`; a bare date includes that whole day. */
  to?: string
}

/** A half-open interval [from, to) in the user's time zone. */
export interface ResolvedPeriod {
  kind: PeriodKind
  from: DateTime
  to: DateTime
}

export class PeriodError extends Error {
  constructor(readonly key: 'period_custom_required' | 'period_invalid' | 'period_reversed') {
    super(key)
  }
}

/**
 * The report period as an interval in the user's time zone. Weeks start on Monday (ISO);
 * "today" and "this week/month" run to the end of the day/week/month, not to `now`, so a
 * scheduled report and a report opened later in the same day cover the same rows.
 */
export function resolvePeriod(input: PeriodInput, now: DateTime, zone: string): ResolvedPeriod {
  const local = now.setZone(zone)
  const interval = (from: DateTime, to: DateTime) => ({ kind: input.period, from, to })
  switch (input.period) {
    case 'today':
      return interval(local.startOf('day'), local.startOf('day').plus({ days: 1 }))
    case 'yesterday':
      return interval(local.startOf('day').minus({ days: 1 }), local.startOf('day'))
    case 'this_week':
      return interval(local.startOf('week'), local.startOf('week').plus({ weeks: 1 }))
    case 'last_week':
      return interval(local.startOf('week').minus({ weeks: 1 }), local.startOf('week'))
    case 'this_month':
      return interval(local.startOf('month'), local.startOf('month').plus({ months: 1 }))
    case 'last_month':
      return interval(local.startOf('month').minus({ months: 1 }), local.startOf('month'))
    case 'custom': {
      if (!input.from || !input.to) throw new PeriodError('period_custom_required')
      const from = parseLocal(input.from, zone, false)
      const to = parseLocal(input.to, zone, true)
      if (from >= to) throw new PeriodError('period_reversed')
      return interval(from, to)
    }
  }
}

/** A local date or date-time; a bare `to` date means up to the end of that day. */
function parseLocal(value: string, zone: string, isEnd: boolean): DateTime {
  const parsed = DateTime.fromISO(value, { zone })
  if (!parsed.isValid) throw new PeriodError('period_invalid')
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value)
  return dateOnly && isEnd ? parsed.startOf('day').plus({ days: 1 }) : parsed
}
