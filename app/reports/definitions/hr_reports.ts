import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { driverParameter, fromSql, round2 } from '#reports/telematics'
import { periodDays, reportDriversClause } from '#reports/fleet'
import { driverStatuses } from '#shared/fleet_enums'

const parameters = vine.create({
  ...periodParameters(),
  ...driverParameter(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>> & {
  visibleGroupIds?: number[] | null
}

/**
 * HR per driver of the company in the period: their state today (on leave when an approved
 * leave covers today in the member's time zone), the approved (or done) leave days inside the
 * period and the leave requests waiting for a decision that touch it, the trips they drove
 * (count, working time, distance) and the accidents and traffic fines dated in the period.
 */
function perDriver({ client, context, params, period }: ReportScope<Params>) {
  const days = periodDays(period)
  const c = context.companyId
  const zone = context.timezone
  const bindings: unknown[] = [
    c,
    zone,
    zone,
    days.to,
    days.from,
    c,
    days.to,
    days.from,
    c,
    period.from.toJSDate(),
    period.to.toJSDate(),
    c,
    days.from,
    days.to,
    c,
    days.from,
    days.to,
    c,
  ]
  // One driver, or the member's drivers when limited to vehicle groups.
  const driverClause = reportDriversClause(params, c, bindings)
  const sql = `SELECT dr.id AS "driverId", dr.name AS driver,
      (CASE WHEN lv.driver_id IS NOT NULL THEN 'on_leave' ELSE dr.status END) AS status,
      coalesce(l.days, 0)::int AS "leaveDays",
      coalesce(l.pending, 0)::int AS "pendingLeave",
      coalesce(t.trips, 0)::int AS trips,
      coalesce(t.seconds, 0)::bigint AS working,
      round((coalesce(t.metres, 0) / 1000.0)::numeric, 2) AS distance,
      coalesce(a.accidents, 0)::int AS accidents,
      coalesce(f.fines, 0)::int AS fines
    FROM drivers dr
    LEFT JOIN (SELECT DISTINCT driver_id FROM leave_requests
      WHERE company_id = ? AND status = 'approved' AND driver_id IS NOT NULL
        AND start_date <= (now() AT TIME ZONE ?)::date
        AND end_date >= (now() AT TIME ZONE ?)::date) lv ON lv.driver_id = dr.id
    LEFT JOIN (SELECT driver_id,
        sum(least(end_date, ?::date) - greatest(start_date, ?::date) + 1)
          FILTER (WHERE status IN ('approved', 'done')) AS days,
        count(*) FILTER (WHERE status = 'pending') AS pending
      FROM leave_requests WHERE company_id = ? AND driver_id IS NOT NULL
        AND start_date <= ?::date AND end_date >= ?::date
      GROUP BY driver_id) l ON l.driver_id = dr.id
    LEFT JOIN (SELECT driver_id, count(*) AS trips, sum(duration) AS seconds, sum(distance) AS metres
      FROM trips WHERE company_id = ? AND start_time >= ? AND start_time < ? AND driver_id IS NOT NULL
      GROUP BY driver_id) t ON t.driver_id = dr.id
    LEFT JOIN (SELECT driver_id, count(*) AS accidents
      FROM accidents WHERE company_id = ? AND accident_date >= ? AND accident_date <= ?
      GROUP BY driver_id) a ON a.driver_id = dr.id
    LEFT JOIN (SELECT driver_id, count(*) AS fines
      FROM traffic_fines WHERE company_id = ? AND fine_date >= ? AND fine_date <= ?
      GROUP BY driver_id) f ON f.driver_id = dr.id
    WHERE dr.company_id = ? ${driverClause}`
  return fromSql(client, sql, bindings)
}

/**
 * The HR report (issue 29): the fleet page `fleet.hr-reports` (its EN and TR paths kept),
 * the last 30 days unless a period is given, for members who may see personal data.
 */
export const hrReportsReport = defineReport({
  slug: 'hr-reports',
  route: 'fleet.hr-reports',
  group: 'fleet',
  ability: 'viewPersonalData',
  key: 'hr_reports',
  defaultPeriod: { days: 30 },
  parameters,
  columns: {
    driverId: { kind: 'number', hidden: true, sortable: false },
    driver: { kind: 'text', sortable: true },
    status: { kind: 'enum', enumValues: driverStatuses, sortable: true },
    leaveDays: { kind: 'number', sortable: true },
    pendingLeave: { kind: 'number', sortable: true },
    trips: { kind: 'number', sortable: true },
    working: { kind: 'number', unit: 'duration', sortable: true },
    distance: { kind: 'number', unit: 'km', sortable: true },
    accidents: { kind: 'number', sortable: true },
    fines: { kind: 'number', sortable: true },
  },
  rows(scope) {
    return perDriver(scope).orderBy('driver', 'asc').orderBy('driverId', 'asc')
  },
  async totals(scope) {
    const rows: Record<string, unknown>[] = await perDriver(scope)
    const sum = (name: string) => rows.reduce((total, row) => total + Number(row[name] ?? 0), 0)
    return {
      drivers: rows.length,
      leaveDays: sum('leaveDays'),
      pendingLeave: sum('pendingLeave'),
      trips: sum('trips'),
      working: sum('working'),
      distance: round2(sum('distance')),
      accidents: sum('accidents'),
      fines: sum('fines'),
    }
  },
})
