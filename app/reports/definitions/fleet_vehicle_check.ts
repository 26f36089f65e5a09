import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { driverParameter, fromSql, round2, vehicleParameters } from '#reports/telematics'
import { periodDays, vehicleClause } from '#reports/fleet'
import {
  PASS_MIN_AVERAGE,
  PASS_MIN_ITEM,
  PASS_WINDOW_DAYS,
  averageSql,
  lowestSql,
} from '#shared/vehicle_check'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  ...driverParameter(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/** The last day a check's age is counted from: the period's last day, or today if earlier. */
function referenceDay({ context, period }: ReportScope<Params>) {
  const last = periodDays(period).to
  const today = context.now.setZone(context.timezone).toISODate()!
  return last < today ? last : today
}

/**
 * Per vehicle, the vehicle checks dated in the period: how many, their average score, the
 * lowest item scored, how many passed the score rule (no item below PASS_MIN_ITEM, average
 * at least PASS_MIN_AVERAGE), and the latest check: its date, average, and whether the
 * vehicle passes (app/shared/vehicle_check.ts: the latest check passes the score rule and is
 * at most PASS_WINDOW_DAYS old on the period's last day, or today if earlier).
 */
function perVehicle(scope: ReportScope<Params>) {
  const { client, context, params, period } = scope
  const days = periodDays(period)
  const vehicles = vehicleClause('d', context.companyId, params)
  const bindings: unknown[] = [context.companyId, days.from, days.to, ...vehicles.bindings]
  let driverClause = ''
  if (params.driverId) {
    driverClause = 'AND v.driver_id = ?'
    bindings.push(params.driverId)
  }
  bindings.push(referenceDay(scope))
  const passes = (alias: string) =>
    `(${lowestSql(alias)} >= ${PASS_MIN_ITEM} AND ${averageSql(alias)} >= ${PASS_MIN_AVERAGE})`
  const sql = `WITH chosen AS (
      SELECT v.*, ${averageSql('v')} AS average, ${lowestSql('v')} AS lowest, ${passes('v')} AS ok,
        row_number() OVER (PARTITION BY v.device_id ORDER BY v.check_date DESC, v.id DESC) AS rank
      FROM vehicle_checks v JOIN devices d ON d.id = v.device_id
      WHERE v.company_id = ? AND v.check_date >= ? AND v.check_date <= ? AND ${vehicles.sql}
        ${driverClause}
    )
    SELECT d.id AS "deviceId", d.name AS vehicle, d.plate AS plate,
      count(*)::int AS checks,
      round(avg(c.average), 2) AS average,
      min(c.lowest)::int AS lowest,
      count(*) FILTER (WHERE c.ok)::int AS passed,
      to_char(max(c.check_date), 'YYYY-MM-DD') AS "lastCheck",
      round(max(c.average) FILTER (WHERE c.rank = 1), 2) AS "lastAverage",
      coalesce(bool_or(c.ok AND c.check_date >= ?::date - ${PASS_WINDOW_DAYS})
        FILTER (WHERE c.rank = 1), false) AS passes
    FROM chosen c JOIN devices d ON d.id = c.device_id
    GROUP BY d.id, d.name, d.plate`
  return fromSql(client, sql, bindings)
}

export const fleetVehicleCheckReport = defineReport({
  slug: 'fleet-vehicle-check',
  group: 'fleet',
  key: 'fleet_vehicle_check',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text', sortable: true },
    checks: { kind: 'number', sortable: true },
    average: { kind: 'number', sortable: true },
    lowest: { kind: 'number', sortable: true },
    passed: { kind: 'number', sortable: true },
    lastCheck: { kind: 'date', sortable: true },
    lastAverage: { kind: 'number', sortable: true },
    passes: { kind: 'boolean', sortable: true },
  },
  rows(scope) {
    return perVehicle(scope).orderBy('vehicle', 'asc').orderBy('deviceId', 'asc')
  },
  async totals(scope) {
    const rows: Record<string, unknown>[] = await perVehicle(scope)
    const passing = rows.filter((row) => row.passes === true).length
    return {
      vehicles: rows.length,
      checks: rows.reduce((total, row) => total + Number(row.checks ?? 0), 0),
      passing,
      passRate: rows.length > 0 ? round2((passing / rows.length) * 100) : 0,
    }
  },
  async chart(scope) {
    const rows: Record<string, unknown>[] = await perVehicle(scope)
      .orderBy('average', 'desc')
      .orderBy('vehicle', 'asc')
      .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => String(row.vehicle)),
      series: [{ name: 'average', data: rows.map((row) => Number(row.average)) }],
    }
  },
})
