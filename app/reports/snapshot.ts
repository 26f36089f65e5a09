import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { ReportScope } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'

type SqlType = 'int' | 'bigint' | 'numeric' | 'float8' | 'text' | 'timestamptz'

export type SnapshotRow = Record<string, unknown>

/**
 * An aggregate report (one row per vehicle and day, per driver...) computed once per run:
 * `prepare` runs the aggregate query a single time; the page and the count then read that
 * result (at most a row per vehicle and day, bound back as one array per column), and totals
 * and chart are made from it in memory. Without `prepare` (a caller that skips it), `rows` is
 * the aggregate query itself, so the report still answers the same rows.
 */
export function aggregateSnapshot<Params extends PeriodInput>(options: {
  /** The aggregate, selecting every column below (unordered). */
  query(scope: ReportScope<Params>): DatabaseQueryBuilderContract<any>
  columns: Record<string, SqlType>
  /** The stable order of the rows (column names). */
  order: string[]
}) {
  const prepared = new WeakMap<object, SnapshotRow[]>()
  const ordered = (query: DatabaseQueryBuilderContract<any>) => {
    for (const column of options.order) query.orderBy(column, 'asc')
    return query
  }
  const columnList = Object.keys(options.columns)
    .map((name) => `"${name}"`)
    .join(', ')

  return {
    async prepare(scope: ReportScope<Params>) {
      prepared.set(scope, await ordered(options.query(scope).select('*')))
    },
    rows(scope: ReportScope<Params>): DatabaseQueryBuilderContract<any> {
      const rows = prepared.get(scope)
      if (!rows) return ordered(options.query(scope).select('*'))
      // One array per column (cheaper for PostgreSQL to read than JSON records).
      const names = Object.keys(options.columns)
      const arrays = names.map((name) => pgArrayLiteral(rows.map((row) => cell(row[name]))))
      const source = scope.client.raw(
        `unnest(${names.map((name) => `?::${options.columns[name]}[]`).join(', ')}) AS r(${columnList})`,
        arrays
      )
      return ordered(
        scope.client
          .query()
          .from(source as any)
          .select('*')
      )
    },
    /**
     * The rows from `offset` in `rows` order, straight from the prepared ones (they were read
     * in that order); null when not prepared.
     */
    page(scope: ReportScope<Params>, offset: number, limit: number): SnapshotRow[] | null {
      return prepared.get(scope)?.slice(offset, offset + limit) ?? null
    },
    /** The number of rows: the prepared ones counted, else the query's. */
    async count(scope: ReportScope<Params>): Promise<{ total: number }> {
      const rows = prepared.get(scope)
      if (rows) return { total: rows.length }
      const row = await scope.client
        .from(options.query(scope).select('*').as('snapshot_rows'))
        .count('* as total')
        .first()
      return { total: Number(row?.total ?? 0) }
    },
    /** Every row, in order (the prepared ones, or the query's). */
    async all(scope: ReportScope<Params>): Promise<SnapshotRow[]> {
      return prepared.get(scope) ?? (await ordered(options.query(scope).select('*')))
    },
  }
}

/** A value as an array element: numbers, texts, times and nulls as they are; bigints as text. */
function cell(value: unknown) {
  if (typeof value === 'bigint') return value.toString()
  return value === undefined ? null : value
}

export function sumOf(rows: SnapshotRow[], field: string) {
  return rows.reduce((total, row) => total + Number(row[field] ?? 0), 0)
}

export function maxOf(rows: SnapshotRow[], field: string) {
  return rows.reduce((top, row) => Math.max(top, Number(row[field] ?? 0)), 0)
}

/** Sums (or maxima) of a field by a key, in the order the keys first appear. */
export function groupBy(
  rows: SnapshotRow[],
  key: string,
  field: string,
  how: 'sum' | 'max' = 'sum'
): Map<string, number> {
  const groups = new Map<string, number>()
  for (const row of rows) {
    const name = String(row[key] ?? '')
    const value = Number(row[field] ?? 0)
    const previous = groups.get(name)
    groups.set(
      name,
      previous === undefined ? value : how === 'sum' ? previous + value : Math.max(previous, value)
    )
  }
  return groups
}

/** Rounds to a number of decimals (sums of decimals carry binary noise). */
export function roundTo(value: number, decimals: number) {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}
