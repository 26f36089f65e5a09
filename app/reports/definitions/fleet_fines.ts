import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { driverParameter, fromSql, round2, vehicleParameters } from '#reports/telematics'
import { periodDays, tlSql, vehicleClause } from '#reports/fleet'
import { trafficFineStatuses } from '#shared/fleet_enums'
import { money } from '#reports/engine/money'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  ...driverParameter(),
  status: vine.enum(trafficFineStatuses).optional(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/** The traffic fines dated in the period, of the chosen vehicles, driver and status. */
function fines({ context, params, period }: ReportScope<Params>) {
  const days = periodDays(period)
  const vehicles = vehicleClause('d', context.companyId, params)
  const bindings: unknown[] = [context.companyId, days.from, days.to, ...vehicles.bindings]
  let extra = ''
  if (params.driverId) {
    extra += ' AND f.driver_id = ?'
    bindings.push(params.driverId)
  }
  if (params.status) {
    extra += ' AND f.status = ?'
    bindings.push(params.status)
  }
  const sql = `SELECT f.*, ${tlSql('f.amount_cents', 'f.currency')} AS tl
    FROM traffic_fines f LEFT JOIN devices d ON d.id = f.device_id
    WHERE f.company_id = ? AND f.fine_date >= ? AND f.fine_date <= ? AND ${vehicles.sql}${extra}`
  return { sql, bindings }
}

/**
 * Traffic fines per vehicle and driver: how many in each status and their amounts in TL
 * (unpaid = unpaid or delayed payment).
 */
function perVehicleDriver(scope: ReportScope<Params>) {
  const { sql, bindings } = fines(scope)
  return fromSql(
    scope.client,
    `SELECT d.name AS vehicle, d.plate AS plate, dr.name AS driver,
       f.device_id AS "deviceId", f.driver_id AS "driverId",
       count(*)::int AS fines,
       count(*) FILTER (WHERE f.status = 'paid')::int AS paid,
       count(*) FILTER (WHERE f.status = 'discounted_payment')::int AS discounted,
       count(*) FILTER (WHERE f.status = 'delayed_payment')::int AS delayed,
       count(*) FILTER (WHERE f.status = 'unpaid')::int AS unpaid,
       round(sum(f.tl)::numeric, 2) AS amount,
       round(coalesce(sum(f.tl) FILTER (WHERE f.status IN ('unpaid', 'delayed_payment')), 0)::numeric, 2)
         AS "unpaidAmount"
     FROM (${sql}) f
     LEFT JOIN devices d ON d.id = f.device_id
     LEFT JOIN drivers dr ON dr.id = f.driver_id
     GROUP BY d.name, d.plate, dr.name, f.device_id, f.driver_id`,
    bindings
  )
}

export const fleetFinesReport = defineReport({
  slug: 'fleet-fines',
  group: 'fleet',
  key: 'fleet_fines',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    driver: { kind: 'text', sortable: true },
    fines: { kind: 'number', sortable: true },
    paid: { kind: 'number' },
    discounted: { kind: 'number' },
    delayed: { kind: 'number' },
    unpaid: { kind: 'number' },
    amount: { ...money, sortable: true },
    unpaidAmount: { ...money, sortable: true },
  },
  rows(scope) {
    return perVehicleDriver(scope)
      .orderByRaw('vehicle ASC NULLS LAST')
      .orderByRaw('driver ASC NULLS LAST')
      .orderByRaw('"deviceId" ASC NULLS LAST')
      .orderByRaw('"driverId" ASC NULLS LAST')
  },
  async totals(scope) {
    const { sql, bindings } = fines(scope)
    const result = await scope.client.rawQuery(
      `SELECT count(*)::int AS fines, coalesce(sum(tl), 0) AS amount,
         coalesce(sum(tl) FILTER (WHERE status IN ('paid', 'discounted_payment')), 0) AS "paidAmount",
         coalesce(sum(tl) FILTER (WHERE status IN ('unpaid', 'delayed_payment')), 0) AS "unpaidAmount"
       FROM (${sql}) f`,
      bindings as any[]
    )
    const row = result.rows[0] ?? {}
    return {
      fines: Number(row.fines ?? 0),
      amount: round2(row.amount),
      paidAmount: round2(row.paidAmount),
      unpaidAmount: round2(row.unpaidAmount),
    }
  },
  async chart(scope) {
    const { sql, bindings } = fines(scope)
    const result = await scope.client.rawQuery(
      `SELECT coalesce(d.name, '—') AS vehicle, coalesce(sum(f.tl), 0) AS amount,
         coalesce(sum(f.tl) FILTER (WHERE f.status IN ('unpaid', 'delayed_payment')), 0) AS unpaid
       FROM (${sql}) f LEFT JOIN devices d ON d.id = f.device_id
       GROUP BY d.name ORDER BY amount DESC, vehicle ASC LIMIT 50`,
      bindings as any[]
    )
    const rows = result.rows as { vehicle: string; amount: unknown; unpaid: unknown }[]
    return {
      type: 'bar',
      labels: rows.map((row) => row.vehicle),
      series: [
        { name: 'amount', data: rows.map((row) => round2(row.amount)) },
        { name: 'unpaidAmount', data: rows.map((row) => round2(row.unpaid)) },
      ],
    }
  },
})
