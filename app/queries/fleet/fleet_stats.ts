import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { PASS_MIN_AVERAGE, PASS_MIN_ITEM, averageSql, lowestSql } from '#shared/vehicle_check'
import { DEFAULT_TIME_ZONE, driverStateSql, joinLeaveToday } from '#queries/fleet/driver_state'

const round = (value: unknown, digits = 2) =>
  value === null || value === undefined ? null : Number(Number(value).toFixed(digits))

/**
 * Fleet statistics: vehicles by status, live status and category, distance per local day
 * over the last 14 days (trips), open requests, vehicle checks of the last 30 days and
 * drivers by state.
 */
export async function fleetStats(companyId: number, timeZone = DEFAULT_TIME_ZONE) {
  const today = DateTime.now().setZone(timeZone)
  const since = today.minus({ days: 13 }).toISODate()!
  const [byStatus, byLive, byCategory, distance, requests, leaves, checks, drivers] =
    await Promise.all([
      db
        .from('devices')
        .where('company_id', companyId)
        .groupBy('status')
        .select('status as key', db.raw('count(*)::int as count')),
      db
        .from('devices')
        .leftJoin('device_states as s', 's.device_id', 'devices.id')
        .where('devices.company_id', companyId)
        .groupByRaw("CASE WHEN s.online THEN s.live_status ELSE 'offline' END")
        .select(
          db.raw("CASE WHEN s.online THEN s.live_status ELSE 'offline' END as key"),
          db.raw('count(*)::int as count')
        ),
      db
        .from('devices')
        .leftJoin('vehicle_categories as c', 'c.id', 'devices.category_id')
        .where('devices.company_id', companyId)
        .groupBy('c.name')
        .select('c.name as key', db.raw('count(*)::int as count'))
        .orderBy('count', 'desc'),
      db
        .from('trips')
        .where('company_id', companyId)
        .whereRaw('start_time >= (?::date)::timestamp AT TIME ZONE ?', [since, timeZone])
        .groupByRaw('1')
        .select(
          db.raw("to_char((start_time AT TIME ZONE ?)::date, 'YYYY-MM-DD') as day", [timeZone]),
          db.raw('round((sum(distance) / 1000)::numeric, 1) as km')
        ),
      db
        .from('fleet_requests')
        .where('company_id', companyId)
        .whereIn('status', ['pending', 'approved'])
        .groupBy('status')
        .select('status as key', db.raw('count(*)::int as count')),
      db
        .from('leave_requests')
        .where('company_id', companyId)
        .whereIn('status', ['pending', 'approved'])
        .groupBy('status')
        .select('status as key', db.raw('count(*)::int as count')),
      db
        .from('vehicle_checks as vc')
        .where('vc.company_id', companyId)
        .where('vc.check_date', '>=', today.minus({ days: 29 }).toISODate()!)
        .select(
          db.raw('count(*)::int as count'),
          db.raw(`round(avg(${averageSql('vc')}), 2) as average`),
          db.raw(
            `count(*) FILTER (WHERE ${lowestSql('vc')} >= ? AND ${averageSql('vc')} >= ?)::int as passed`,
            [PASS_MIN_ITEM, PASS_MIN_AVERAGE]
          )
        )
        .first(),
      joinLeaveToday(
        db.from('drivers').where('drivers.company_id', companyId),
        'drivers.id',
        companyId,
        timeZone
      )
        .groupByRaw(driverStateSql('drivers.status'))
        .select(
          db.raw(`${driverStateSql('drivers.status')} as key`),
          db.raw('count(*)::int as count')
        ),
    ])
  const counts = (rows: Record<string, unknown>[]) =>
    rows.map((row) => ({ key: (row.key as string | null) ?? null, count: Number(row.count) }))
  const kmByDay = new Map(distance.map((row) => [row.day as string, Number(row.km)]))
  const days = Array.from({ length: 14 }, (_, index) => {
    const day = today.minus({ days: 13 - index }).toISODate()!
    return { day, km: kmByDay.get(day) ?? 0 }
  })
  return {
    vehiclesByStatus: counts(byStatus),
    vehiclesByLiveStatus: counts(byLive),
    vehiclesByCategory: counts(byCategory),
    distancePerDay: days,
    requests: counts(requests),
    leaveRequests: counts(leaves),
    checks: {
      count: Number(checks?.count ?? 0),
      passed: Number(checks?.passed ?? 0),
      average: round(checks?.average),
    },
    driversByState: counts(drivers),
  }
}
