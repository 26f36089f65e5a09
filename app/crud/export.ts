import type { HttpContext } from '@adonisjs/core/http'
import { PassThrough } from 'node:stream'
import db from '@adonisjs/lucid/services/db'
import { cursorBatches } from '#services/db/cursor_batches'
import { writeSheetInWorker } from '#services/exports/export_pool'
import type { ListParams } from './list_params.js'
import type { ListContext, ResourceDescriptor } from './resource.js'
import { filteredQuery, selectAndSort } from './list_query.js'
import { exportColumns } from './define_resource.js'
import { preferencesOf } from '#services/live/user_preferences'
import {
  exportDialect,
  type CellType,
  type ExportDialect,
  type SheetColumn,
} from '#services/exports/typed_cells'

const CHUNK = 2000
/** Exports stop here; the table tells the user to narrow the filter beyond it. */
export const EXPORT_ROW_LIMIT = 200_000

export { processZone } from '#services/exports/sheet_writers'

/** What a table column holds in an export (money, coordinates and dates typed). */
export function cellTypeOf(column: { name: string; kind: string; money?: unknown }): CellType {
  if (column.money) return 'money'
  switch (column.kind) {
    case 'date':
      return 'date'
    case 'datetime':
      return 'datetime'
    case 'number':
      return column.name === 'latitude' || column.name === 'longitude' ? 'coordinate' : 'number'
    default:
      return 'text'
  }
}

/**
 * A value of a table row for an export: Yes/No and enum values in the export's language;
 * dates, numbers and money as they are (the writers type them).
 */
export function exportValue(
  value: unknown,
  column: { name: string; kind: string } | undefined,
  display: { t: (key: string) => string; resourceKey: string }
): unknown {
  if (value === null || value === undefined || value === '' || !column) return value
  switch (column.kind) {
    case 'boolean':
      return display.t(value === true || value === 'true' ? 'crud.table.yes' : 'crud.table.no')
    case 'enum':
      return display.t(`crud.${display.resourceKey}.values.${column.name}.${value}`)
    default:
      return value
  }
}

/**
 * Every row of the table query (filters, sort, chosen fields; at most EXPORT_ROW_LIMIT) in
 * batches of CHUNK through the report engine's server-side cursor (`cursorBatches`): one
 * pass over the query, where OFFSET paging computed every earlier row again for each batch.
 * The next batch is fetched while the writer takes this one, never more.
 */
export async function* exportRows(
  resource: ResourceDescriptor,
  params: ListParams,
  context: ListContext,
  fields: string[],
  display: { t: (key: string) => string; resourceKey: string },
  batchSize = CHUNK
) {
  const query = selectAndSort(resource, filteredQuery(resource, params, context), {
    ...params,
    fields,
  }).limit(EXPORT_ROW_LIMIT)
  for await (const rows of cursorBatches(db.connection(), query, batchSize)) {
    for (const row of rows) {
      yield fields.map((field) => exportValue(row[field], columnOf(resource, field), display))
    }
  }
}

/**
 * Streams the rows of the current table query (filters, sort, chosen fields; no
 * paging) as CSV or XLSX. The total goes ahead in X-Total-Rows, so the client
 * can show progress while it downloads.
 */
export function streamExport(
  ctx: HttpContext,
  resource: ResourceDescriptor,
  params: ListParams,
  format: 'csv' | 'xlsx',
  total: number,
  context: ListContext
) {
  const columns = exportColumns(resource, params.fields)
  const fields = columns.map((column) => column.name)
  const sheetColumns = columns.map((column) => ({
    key: column.name,
    label: ctx.i18n.t(column.labelKey),
    type: cellTypeOf({ ...column, money: resource.columns[column.name].money }),
  }))
  const title = ctx.i18n.t(`crud.${resource.key}.title`)
  const filename = `${resource.key}-${new Date().toISOString().slice(0, 10)}.${format}`
  const display = { t: (key: string) => ctx.i18n.t(key), resourceKey: resource.key }
  const dialect = exportDialect(
    ctx.i18n.locale,
    preferencesOf(ctx.auth.user),
    ctx.request.input('separator')
  )
  const rows = exportRows(resource, params, context, fields, display)
  const output = new PassThrough()

  const write =
    format === 'csv'
      ? writeCsv(output, sheetColumns, rows, dialect)
      : writeXlsx(output, title, sheetColumns, rows, dialect)
  write.catch((error) => output.destroy(error))

  ctx.response.header('x-total-rows', String(Math.min(total, EXPORT_ROW_LIMIT)))
  ctx.response.header('content-disposition', `attachment; filename="${filename}"`)
  ctx.response.header('cache-control', 'no-store')
  ctx.response.header(
    'content-type',
    format === 'csv'
      ? 'text/csv; charset=utf-8'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  )
  return ctx.response.stream(output)
}

function columnOf(resource: ResourceDescriptor, field: string) {
  const spec = resource.columns[field]
  return spec ? { name: field, kind: spec.kind } : undefined
}

type Rows = AsyncIterable<unknown[]>

/**
 * CSV with a byte order mark (so spreadsheets read UTF-8) in the export's dialect (separator,
 * decimal mark, the user's dates), cells through the formula guard. Written in an export
 * worker thread (services/exports/export_pool.ts); the rows are read here, a batch at a time.
 */
export function writeCsv(
  output: PassThrough,
  columns: SheetColumn[],
  rows: Rows,
  dialect: ExportDialect
) {
  return writeSheetInWorker(output, { format: 'csv', title: '', columns, dialect }, rows)
}

/**
 * XLSX streamed row by row, typed (dates in the user's zone, durations, number formats, the
 * formula guard), with a frozen header. Written in an export worker thread like the CSV.
 */
export function writeXlsx(
  output: PassThrough,
  title: string,
  columns: SheetColumn[],
  rows: Rows,
  dialect: ExportDialect
) {
  return writeSheetInWorker(output, { format: 'xlsx', title, columns, dialect }, rows)
}
