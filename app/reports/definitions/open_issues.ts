import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, vehicleParameters } from '#reports/telematics'
import { vehicleClause } from '#reports/fleet'
import { issuePriorities, issueStatuses } from '#shared/inspections'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  status: vine.enum(issueStatuses).optional(),
  priority: vine.enum(issuePriorities).optional(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Issues reported in the period (open ones unless another status is chosen), of the chosen
 * vehicles and priority, with the inspection item that opened them and their work order.
 */
function issues({ context, params, period }: ReportScope<Params>) {
  const vehicles = vehicleClause('d', context.companyId, params)
  const bindings: unknown[] = [
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
    params.status ?? 'open',
    ...vehicles.bindings,
  ]
  let extra = ''
  if (params.priority) {
    extra = ' AND i.priority = ?'
    bindings.push(params.priority)
  }
  const sql = `SELECT i.*, d.name AS vehicle, d.plate
    FROM fleet_issues i LEFT JOIN devices d ON d.id = i.device_id
    WHERE i.company_id = ? AND i.created_at >= ? AND i.created_at < ? AND i.status = ?
      AND ${vehicles.sql}${extra}`
  return { sql, bindings }
}

export const openIssuesReport = defineReport({
  slug: 'open-issues',
  group: 'fleet',
  key: 'open_issues',
  parameters,
  columns: {
    reportedAt: { kind: 'datetime', sortable: true },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    title: { kind: 'text', sortable: true },
    priority: { kind: 'enum', enumValues: issuePriorities, sortable: true },
    status: { kind: 'enum', enumValues: issueStatuses },
    sourceItem: { kind: 'text' },
    workOrder: { kind: 'text' },
    ageDays: { kind: 'number', sortable: true },
  },
  rows(scope) {
    const { sql, bindings } = issues(scope)
    return fromSql(
      scope.client,
      `SELECT i.created_at AS "reportedAt", i.vehicle, i.plate, i.title, i.priority, i.status,
         r.item_name AS "sourceItem", w.title AS "workOrder",
         floor(extract(epoch FROM (now() - i.created_at)) / 86400)::int AS "ageDays", i.id
       FROM (${sql}) i
       LEFT JOIN inspection_results r ON r.id = i.inspection_result_id
       LEFT JOIN work_orders w ON w.id = i.work_order_id`,
      bindings
    )
      .orderBy('reportedAt', 'desc')
      .orderBy('id', 'desc')
  },
  async totals(scope) {
    const { sql, bindings } = issues(scope)
    const result = await scope.client.rawQuery(
      `SELECT count(*)::int AS issues,
         count(*) FILTER (WHERE priority IN ('high', 'critical'))::int AS urgent,
         count(*) FILTER (WHERE work_order_id IS NULL)::int AS unassigned
       FROM (${sql}) i`,
      bindings as any[]
    )
    const row = result.rows[0] ?? {}
    return {
      issues: Number(row.issues ?? 0),
      urgent: Number(row.urgent ?? 0),
      unassigned: Number(row.unassigned ?? 0),
    }
  },
  async chart(scope) {
    const { sql, bindings } = issues(scope)
    const result = await scope.client.rawQuery(
      `SELECT coalesce(vehicle, '—') AS vehicle, count(*)::int AS issues
       FROM (${sql}) i GROUP BY vehicle ORDER BY issues DESC, vehicle ASC LIMIT 50`,
      bindings as any[]
    )
    const rows = result.rows as { vehicle: string; issues: number }[]
    return {
      type: 'bar',
      labels: rows.map((row) => row.vehicle),
      series: [{ name: 'issues', data: rows.map((row) => Number(row.issues)) }],
    }
  },
})
