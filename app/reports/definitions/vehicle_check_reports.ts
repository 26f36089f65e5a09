import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, round2, vehicleParameters } from '#reports/telematics'
import { periodDays, vehicleClause } from '#reports/fleet'
import {
  PASS_MIN_AVERAGE,
  PASS_MIN_ITEM,
  averageSql,
  lowestSql,
  vehicleCheckItems,
} from '#shared/vehicle_check'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * The vehicle checks dated in the period, of the chosen vehicles (the member's groups only),
 * with their average score; `latest` numbers each vehicle's checks newest first.
 */
function checksSql({ context, params, period }: ReportScope<Params>) {
  const days = periodDays(period)
  const vehicles = vehicleClause('d', context.companyId, params)
  return {
    sql: `SELECT v.*, ${averageSql('v')} AS score,
        (${lowestSql('v')} >= ${PASS_MIN_ITEM} AND ${averageSql('v')} >= ${PASS_MIN_AVERAGE}) AS ok,
        row_number() OVER (PARTITION BY v.device_id ORDER BY v.check_date DESC, v.id DESC) AS latest
      FROM vehicle_checks v JOIN devices d ON d.id = v.device_id
      WHERE v.company_id = ? AND v.check_date >= ? AND v.check_date <= ? AND ${vehicles.sql}`,
    bindings: [context.companyId, days.from, days.to, ...vehicles.bindings] as unknown[],
  }
}

/**
 * Per vehicle, the scores of its checks in the period: how many, the average overall and of
 * each item, the latest check's date and whether it passes (no item below PASS_MIN_ITEM,
 * average at least PASS_MIN_AVERAGE).
 */
function perVehicle(scope: ReportScope<Params>) {
  const { sql, bindings } = checksSql(scope)
  const items = vehicleCheckItems.map((item) => `round(avg(c.${item})::numeric, 2) AS ${item}`)
  return fromSql(
    scope.client,
    `SELECT d.id AS "deviceId", d.name AS vehicle, d.plate AS plate,
        count(*)::int AS checks,
        round(avg(c.score)::numeric, 2) AS average,
        to_char(max(c.check_date), 'YYYY-MM-DD') AS latest,
        coalesce(bool_or(c.ok) FILTER (WHERE c.latest = 1), false) AS passes,
        ${items.join(', ')}
      FROM (${sql}) c JOIN devices d ON d.id = c.device_id
      GROUP BY d.id, d.name, d.plate`,
    bindings
  )
}

/**
 * The vehicle check reports (issue 29): the fleet page `fleet.vehicle-check-reports` (its EN
 * and TR paths kept), the last 90 days unless a period is given; the chart is the average
 * score of the chosen vehicles' checks per week.
 */
export const vehicleCheckReportsReport = defineReport({
  slug: 'vehicle-check-reports',
  route: 'fleet.vehicle-check-reports',
  group: 'fleet',
  key: 'vehicle_check_reports',
  defaultPeriod: { days: 90 },
  parameters,
  columns: {
    deviceId: { kind: 'number', hidden: true, sortable: false },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text', sortable: true },
    checks: { kind: 'number', sortable: true },
    average: { kind: 'number', sortable: true },
    latest: { kind: 'date', sortable: true },
    passes: { kind: 'boolean', sortable: true },
    ...Object.fromEntries(
      vehicleCheckItems.map((item) => [item, { kind: 'number' as const, sortable: true }])
    ),
  },
  rows(scope) {
    return perVehicle(scope).orderBy('vehicle', 'asc').orderBy('deviceId', 'asc')
  },
  async totals(scope) {
    const rows: Record<string, unknown>[] = await perVehicle(scope)
    const checks = rows.reduce((total, row) => total + Number(row.checks ?? 0), 0)
    const scored = rows.reduce(
      (total, row) => total + Number(row.average ?? 0) * Number(row.checks ?? 0),
      0
    )
    return {
      vehicles: rows.length,
      checks,
      average: checks > 0 ? round2(scored / checks) : 0,
      passing: rows.filter((row) => row.passes === true).length,
    }
  },
  async chart(scope) {
    const { sql, bindings } = checksSql(scope)
    const weeks: Record<string, unknown>[] = await fromSql(
      scope.client,
      `SELECT to_char(date_trunc('week', c.check_date), 'YYYY-MM-DD') AS week,
          round(avg(c.score)::numeric, 2) AS average
        FROM (${sql}) c GROUP BY 1`,
      bindings
    ).orderBy('week', 'asc')
    return {
      type: 'line',
      labels: weeks.map((row) => String(row.week)),
      series: [{ name: 'average', data: weeks.map((row) => Number(row.average)) }],
    }
  },
})
