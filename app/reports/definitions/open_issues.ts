import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { vehicleParameters } from '#reports/telematics'
import { recordRows, recordSummary, vehicleRecords } from '#reports/vehicle_records'
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
function issues(scope: ReportScope<Params>) {
  const { params } = scope
  return vehicleRecords(scope, {
    table: 'fleet_issues',
    alias: 'i',
    dateColumn: 'created_at',
    where: [
      { sql: 'i.status = ?', bindings: [params.status ?? 'open'] },
      ...(params.priority ? [{ sql: 'i.priority = ?', bindings: [params.priority] }] : []),
    ],
  })
}

const summary = recordSummary<Params>({
  source: issues,
  figures: {
    urgent: "count(*) FILTER (WHERE s.priority IN ('high', 'critical'))::int",
    unassigned: 'count(*) FILTER (WHERE s.work_order_id IS NULL)::int',
  },
  rank: 'count(*)',
})

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
    return recordRows(scope, issues(scope), {
      alias: 'i',
      select: `i.created_at AS "reportedAt", i.vehicle, i.plate, i.title, i.priority, i.status,
         r.item_name AS "sourceItem", w.title AS "workOrder",
         floor(extract(epoch FROM (now() - i.created_at)) / 86400)::int AS "ageDays"`,
      joins: `LEFT JOIN inspection_results r ON r.id = i.inspection_result_id
       LEFT JOIN work_orders w ON w.id = i.work_order_id`,
      dateColumn: 'reportedAt',
    })
  },
  count: (scope) => summary.count(scope),
  async totals(scope) {
    const { all } = await summary.summary(scope)
    return {
      issues: Number(all.records ?? 0),
      urgent: Number(all.urgent ?? 0),
      unassigned: Number(all.unassigned ?? 0),
    }
  },
  async chart(scope) {
    const rows = await summary.ranking(scope)
    return {
      type: 'bar',
      labels: rows.map((row) => String(row.vehicle)),
      series: [{ name: 'issues', data: rows.map((row) => Number(row.records)) }],
    }
  },
})
