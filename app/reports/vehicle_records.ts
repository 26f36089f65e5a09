import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { ReportScope } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { fromSql } from '#reports/telematics'
import { vehicleClause, type FleetVehicleParams } from '#reports/fleet'

/**
 * What the reports over a company's records of the chosen vehicles share (open issues, work
 * order costs): the records dated in the period (one row each, with their vehicle's name and
 * plate), the page's rows over them, newest first, and one summary query that answers the row
 * count, the totals and the per-vehicle chart of a run together.
 */
type Params = PeriodInput & FleetVehicleParams

export interface RecordSource {
  sql: string
  bindings: unknown[]
}

/**
 * The records of `table` (alias `alias`) of the company dated in the period by `dateColumn`,
 * of the chosen vehicles, with `where` (and its bindings) and the extra `select` expressions:
 * `alias.*`, `vehicle` and `plate` besides.
 */
export function vehicleRecords(
  { context, params, period }: ReportScope<Params>,
  options: {
    table: string
    alias: string
    dateColumn: string
    where?: { sql: string; bindings: unknown[] }[]
    select?: string
  }
): RecordSource {
  const { alias } = options
  const vehicles = vehicleClause('d', context.companyId, params)
  const where = options.where ?? []
  const bindings: unknown[] = [
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
    ...where.flatMap((condition) => condition.bindings),
    ...vehicles.bindings,
  ]
  const sql = `SELECT ${alias}.*, d.name AS vehicle, d.plate${options.select ? `, ${options.select}` : ''}
    FROM ${options.table} ${alias} LEFT JOIN devices d ON d.id = ${alias}.device_id
    WHERE ${alias}.company_id = ? AND ${alias}.${options.dateColumn} >= ?
      AND ${alias}.${options.dateColumn} < ?${where.map((condition) => ` AND ${condition.sql}`).join('')}
      AND ${vehicles.sql}`
  return { sql, bindings }
}

/**
 * The page's rows: `select` over the records (alias `alias`, and the `joins`), newest first by
 * `dateColumn` (a selected name), the record's id breaking ties.
 */
export function recordRows(
  scope: ReportScope<Params>,
  source: RecordSource,
  options: { alias: string; select: string; joins?: string; dateColumn: string }
): DatabaseQueryBuilderContract<any> {
  return fromSql(
    scope.client,
    `SELECT ${options.select}, ${options.alias}.id
     FROM (${source.sql}) ${options.alias}
     ${options.joins ?? ''}`,
    source.bindings
  )
    .orderBy(options.dateColumn, 'desc')
    .orderBy('id', 'desc')
}

export type SummaryRow = Record<string, unknown>

/**
 * One query per run for the count, the totals and the chart: the `figures` (aggregates over
 * the records `s`, by name) for all the records and per vehicle (`vehicle`, its name; '—' for
 * the records without one), the vehicles ranked by `rank` (then by name). The records are read
 * once (a materialized CTE), so per-record expressions (a work order's parts) are computed once.
 */
export function recordSummary<P extends Params>(options: {
  source(scope: ReportScope<P>): RecordSource
  figures: Record<string, string>
  rank: string
}) {
  const runs = new WeakMap<object, Promise<{ all: SummaryRow; vehicles: SummaryRow[] }>>()
  const figures = Object.entries(options.figures)
    .map(([name, sql]) => `${sql} AS "${name}"`)
    .join(', ')
  async function summarize(scope: ReportScope<P>) {
    const { sql, bindings } = options.source(scope)
    const result = await scope.client.rawQuery(
      `WITH s AS MATERIALIZED (${sql})
       SELECT GROUPING(s.vehicle) = 1 AS "allVehicles", coalesce(s.vehicle, '—') AS vehicle,
         count(*)::int AS records, ${figures}
       FROM s GROUP BY GROUPING SETS ((s.vehicle), ())
       ORDER BY GROUPING(s.vehicle) DESC, ${options.rank} DESC, vehicle ASC`,
      bindings as any[]
    )
    const rows = result.rows as SummaryRow[]
    const all = rows.find((row) => row.allVehicles) ?? { records: 0 }
    return { all, vehicles: rows.filter((row) => !row.allVehicles) }
  }
  /** The run's summary, asked once per scope (a run's count, totals and chart share it). */
  function summary(scope: ReportScope<P>) {
    let run = runs.get(scope)
    if (!run) {
      run = summarize(scope)
      runs.set(scope, run)
    }
    return run
  }
  return {
    summary,
    async count(scope: ReportScope<P>) {
      const { all } = await summary(scope)
      return { total: Number(all.records ?? 0) }
    },
    /** The `limit` first vehicles of the ranking (the chart's bars). */
    async ranking(scope: ReportScope<P>, limit = 50) {
      const { vehicles } = await summary(scope)
      return vehicles.slice(0, limit)
    },
  }
}
