import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { driverParameter, fromSql, round2 } from '#reports/telematics'
import { periodDays, reportDriversClause, tlSql } from '#reports/fleet'
import { averageSql } from '#shared/vehicle_check'
import { money } from '#reports/engine/money'
import { aggregateSnapshot } from '#reports/snapshot'

const parameters = vine.create({
  ...periodParameters(),
  ...driverParameter(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>> & {
  visibleGroupIds?: number[] | null
}

/**
 * Per driver of the company: their trips that started in the period (count, distance,
 * driving time), the traffic fines and accidents dated in the period, the days of approved
 * (or done) leave that fall in the period, and the vehicle checks of the period naming them
 * with their average score.
 */
function perDriver({ client, context, params, period }: ReportScope<Params>) {
  const days = periodDays(period)
  const c = context.companyId
  const bindings: unknown[] = [
    c,
    period.from.toJSDate(),
    period.to.toJSDate(),
    c,
    days.from,
    days.to,
    c,
    days.from,
    days.to,
    days.to,
    days.from,
    c,
    days.to,
    days.from,
    c,
    days.from,
    days.to,
    c,
  ]
  // One driver, or the member's drivers when limited to vehicle groups.
  const driverClause = reportDriversClause(params, c, bindings)
  const sql = `SELECT dr.id AS "driverId", dr.name AS driver,
      coalesce(t.trips, 0)::int AS trips,
      round((coalesce(t.metres, 0) / 1000.0)::numeric, 2) AS distance,
      coalesce(t.seconds, 0)::bigint AS driving,
      coalesce(f.fines, 0)::int AS fines,
      round(coalesce(f.amount, 0)::numeric, 2) AS "fineAmount",
      coalesce(a.accidents, 0)::int AS accidents,
      coalesce(l.days, 0)::int AS "leaveDays",
      coalesce(vc.checks, 0)::int AS checks,
      round(vc.average::numeric, 2) AS "checkAverage"
    FROM drivers dr
    LEFT JOIN (SELECT driver_id, count(*) AS trips, sum(distance) AS metres, sum(duration) AS seconds
      FROM trips WHERE company_id = ? AND start_time >= ? AND start_time < ? AND driver_id IS NOT NULL
      GROUP BY driver_id) t ON t.driver_id = dr.id
    LEFT JOIN (SELECT driver_id, count(*) AS fines, sum(${tlSql('amount_cents', 'currency')}) AS amount
      FROM traffic_fines WHERE company_id = ? AND fine_date >= ? AND fine_date <= ?
      GROUP BY driver_id) f ON f.driver_id = dr.id
    LEFT JOIN (SELECT driver_id, count(*) AS accidents
      FROM accidents WHERE company_id = ? AND accident_date >= ? AND accident_date <= ?
      GROUP BY driver_id) a ON a.driver_id = dr.id
    LEFT JOIN (SELECT driver_id,
        sum(least(end_date, ?::date) - greatest(start_date, ?::date) + 1) AS days
      FROM leave_requests WHERE company_id = ? AND status IN ('approved', 'done')
        AND start_date <= ? AND end_date >= ?
      GROUP BY driver_id) l ON l.driver_id = dr.id
    LEFT JOIN (SELECT driver_id, count(*) AS checks, avg(${averageSql('v')}) AS average
      FROM vehicle_checks v WHERE company_id = ? AND check_date >= ? AND check_date <= ?
      GROUP BY driver_id) vc ON vc.driver_id = dr.id
    WHERE dr.company_id = ? ${driverClause}`
  return fromSql(client, sql, bindings)
}

/**
 * The drivers' figures computed once per run (five aggregates over the period's trips and
 * records): the page, the count, the chart and the totals all read that one result.
 */
const snapshot = aggregateSnapshot<Params>({
  query: perDriver,
  columns: {
    driverId: 'int',
    driver: 'text',
    trips: 'int',
    distance: 'numeric',
    driving: 'bigint',
    fines: 'int',
    fineAmount: 'numeric',
    accidents: 'int',
    leaveDays: 'int',
    checks: 'int',
    checkAverage: 'numeric',
  },
  order: ['driver', 'driverId'],
})

export const fleetDriversReport = defineReport({
  slug: 'fleet-drivers',
  group: 'fleet',
  key: 'fleet_drivers',
  parameters,
  columns: {
    driver: { kind: 'text', sortable: true },
    trips: { kind: 'number', sortable: true },
    distance: { kind: 'number', unit: 'km', sortable: true },
    driving: { kind: 'number', unit: 'duration', sortable: true },
    fines: { kind: 'number', sortable: true },
    fineAmount: { ...money, sortable: true },
    accidents: { kind: 'number', sortable: true },
    leaveDays: { kind: 'number', sortable: true },
    checks: { kind: 'number', sortable: true },
    checkAverage: { kind: 'number', sortable: true },
  },
  prepare: (scope) => snapshot.prepare(scope),
  page: (scope, offset, limit) => snapshot.page(scope, offset, limit),
  rows: (scope) => snapshot.rows(scope),
  count: (scope) => snapshot.count(scope),
  async totals(scope) {
    const rows = await snapshot.all(scope)
    const sum = (name: string) => rows.reduce((total, row) => total + Number(row[name] ?? 0), 0)
    return {
      drivers: rows.length,
      trips: sum('trips'),
      distance: round2(sum('distance')),
      driving: sum('driving'),
      fines: sum('fines'),
      fineAmount: round2(sum('fineAmount')),
      accidents: sum('accidents'),
      leaveDays: sum('leaveDays'),
      checks: sum('checks'),
    }
  },
  async chart(scope) {
    const rows: Record<string, unknown>[] = await scope.client
      .from(snapshot.rows(scope).clearOrder().as('r'))
      .select('r.*')
      .where('distance', '>', 0)
      .orderBy('distance', 'desc')
      .orderBy('driver', 'asc')
      .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => String(row.driver)),
      series: [{ name: 'distance', data: rows.map((row) => Number(row.distance)) }],
    }
  },
})
