import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { round2, vehicleParameters } from '#reports/telematics'
import { tlSql } from '#reports/fleet'
import { recordRows, recordSummary, vehicleRecords } from '#reports/vehicle_records'
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
function orders(scope: ReportScope<Params>) {
  return vehicleRecords(scope, {
    table: 'work_orders',
    alias: 'w',
    dateColumn: 'completed_at',
    where: [{ sql: "w.status = 'completed'", bindings: [] }],
    select: `${tlSql(PARTS_CENTS_SQL('w'), 'w.currency')} AS parts_tl,
      ${tlSql(LABOUR_CENTS_SQL('w'), 'w.currency')} AS labour_tl`,
  })
}

const summary = recordSummary<Params>({
  source: orders,
  figures: {
    parts: 'coalesce(sum(s.parts_tl), 0)',
    labour: 'coalesce(sum(s.labour_tl), 0)',
    total: 'coalesce(sum(s.parts_tl + s.labour_tl), 0)',
  },
  rank: 'sum(s.parts_tl + s.labour_tl)',
})

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
    return recordRows(scope, orders(scope), {
      alias: 'w',
      select: `w.completed_at AS "completedAt", w.vehicle, w.plate, w.title,
         sp.name AS vendor, round(w.parts_tl::numeric, 2) AS parts,
         round(w.labour_tl::numeric, 2) AS labour,
         round((w.parts_tl + w.labour_tl)::numeric, 2) AS total,
         coalesce(u.full_name, u.email) AS "approvedBy", w.mechanic_name AS mechanic`,
      joins: `LEFT JOIN service_points sp ON sp.id = w.service_point_id
       LEFT JOIN users u ON u.id = w.approved_by`,
      dateColumn: 'completedAt',
    })
  },
  count: (scope) => summary.count(scope),
  async totals(scope) {
    const { all } = await summary.summary(scope)
    return {
      orders: Number(all.records ?? 0),
      parts: round2(all.parts),
      labour: round2(all.labour),
      total: round2(all.total),
    }
  },
  async chart(scope) {
    const rows = await summary.ranking(scope)
    return {
      type: 'bar',
      labels: rows.map((row) => String(row.vehicle)),
      series: [
        { name: 'parts', data: rows.map((row) => round2(row.parts)) },
        { name: 'labour', data: rows.map((row) => round2(row.labour)) },
      ],
    }
  },
})
