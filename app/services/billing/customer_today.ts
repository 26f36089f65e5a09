import { DateTime } from 'luxon'

/**
 * The customer's today for billing (subscription ends, orders, invoices): the start of the
 * day in the signed-in user's time zone, Europe/Istanbul without one.
 */
export function todayOf(ctx: { auth: { user?: { timezone?: string | null } | null } }): DateTime {
  return DateTime.now()
    .setZone(ctx.auth.user?.timezone || 'Europe/Istanbul')
    .startOf('day')
}
