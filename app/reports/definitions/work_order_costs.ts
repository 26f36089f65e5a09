import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, round2, vehicleParameters } from '#reports/telematics'
import { tlSql, vehicleClause } from '#reports/fleet'
import { money } from '#reports/engine/money'
import { LABOUR_CENTS_SQL, PARTS_CENTS_SQL } from '#shared/inspections'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Work orders completed in the period, of the chosen vehicles: parts, labour and total in TL
 * (EUR at the quotes' rate, like every fleet report), vendor or in-house, who approved and who
 * signed off.
 */
function orders({ context, params, period }: ReportScope<Params>) {
  const vehicles = vehicleClause('d', context.companyId, params)
  const bindings: unknown[] = [
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
    ...vehicles.bindings,
  ]
  const sql = `SELECT w.*, d.name AS vehicle, d.plate,
      ${tlSql(PARTS_CENTS_SQL('w'), 'w.currency')} AS parts_tl,
      ${tlSql(LABOUR_CENTS_SQL('w'), 'w.currency')} AS labour_tl
    FROM work_orders w LEFT JOIN devices d ON d.id = w.device_id
    WHERE w.company_id = ? AND w.status = 'completed' AND w.completed_at >= ?
      AND w.completed_at < ? AND ${vehicles.sql}`
  return { sql, bindings }
}

export const workOrderCostsReport = defineReport({
  slug: 'work-order-costs',
  group: 'fleet',
  key: 'work_order_costs',
  parameters,
  columns: {
    completedAt: { kind: 'datetime', sortable: true },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    title: { kind: 'text', sortable: true },
    vendor: { kind: 'text', sortable: true },
    parts: { ...money, sortable: true },
    labour: { ...money, sortable: true },
    total: { ...money, sortable: true },
    approvedBy: { kind: 'text' },
    mechanic: { kind: 'text' },
  },
  rows(scope) {
    const { sql, bindings } = orders(scope)
    return fromSql(
      scope.client,
      `SELECT w.completed_at AS "completedAt", w.vehicle, w.plate, w.title,
         sp.name AS vendor, round(w.parts_tl::numeric, 2) AS parts,
         round(w.labour_tl::numeric, 2) AS labour,
         round((w.parts_tl + w.labour_tl)::numeric, 2) AS total,
         coalesce(u.full_name, u.email) AS "approvedBy", w.mechanic_name AS mechanic, w.id
       FROM (${sql}) w
       LEFT JOIN service_points sp ON sp.id = w.service_point_id
       LEFT JOIN users u ON u.id = w.approved_by`,
      bindings
    )
      .orderBy('completedAt', 'desc')
      .orderBy('id', 'desc')
  },
  async totals(scope) {
    const { sql, bindings } = orders(scope)
    const result = await scope.client.rawQuery(
      `SELECT count(*)::int AS orders, coalesce(sum(parts_tl), 0) AS parts,
         coalesce(sum(labour_tl), 0) AS labour, coalesce(sum(parts_tl + labour_tl), 0) AS total
       FROM (${sql}) w`,
      bindings as any[]
    )
    const row = result.rows[0] ?? {}
    return {
      orders: Number(row.orders ?? 0),
      parts: round2(row.parts),
      labour: round2(row.labour),
      total: round2(row.total),
    }
  },
  async chart(scope) {
    const { sql, bindings } = orders(scope)
    const result = await scope.client.rawQuery(
      `SELECT coalesce(vehicle, '—') AS vehicle, sum(parts_tl) AS parts, sum(labour_tl) AS labour
       FROM (${sql}) w GROUP BY vehicle ORDER BY sum(parts_tl + labour_tl) DESC, vehicle ASC LIMIT 50`,
      bindings as any[]
    )
    const rows = result.rows as { vehicle: string; parts: unknown; labour: unknown }[]
    return {
      type: 'bar',
      labels: rows.map((row) => row.vehicle),
      series: [
        { name: 'parts', data: rows.map((row) => round2(row.parts)) },
        { name: 'labour', data: rows.map((row) => round2(row.labour)) },
      ],
    }
  },
})
