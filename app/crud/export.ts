import type { HttpContext } from '@adonisjs/core/http'
import { once } from 'node:events'
import { PassThrough, type Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { csvStream, neutralizeFormula, spreadsheetValue } from '#services/exports/spreadsheet_cells'
import type { ListParams } from './list_params.js'
import type { ListContext, ResourceDescriptor } from './resource.js'
import { filteredQuery, selectAndSort } from './list_query.js'
import { exportColumns } from './define_resource.js'
import { preferencesOf } from '#services/live/user_preferences'
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  type DisplayPreferences,
} from '#shared/date_format'

const CHUNK = 2000
/** Exports stop here; the table tells the user to narrow the filter beyond it. */
export const EXPORT_ROW_LIMIT = 200_000

/** The process's own zone: a DATE column arrives as local midnight of that day. */
const processZone = Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * A value as the table shows it: times in the user's time zone and date format, booleans
 * Yes/No and enum values in the export's language, coordinates to 6 decimals.
 */
export function exportValue(
  value: unknown,
  column: { name: string; kind: string } | undefined,
  display: { preferences: DisplayPreferences; t: (key: string) => string; resourceKey: string }
): unknown {
  if (value === null || value === undefined || value === '' || !column) return value
  switch (column.kind) {
    case 'datetime':
      return formatDateTime(value as string | Date, display.preferences, { seconds: true })
    case 'date':
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
        return formatCalendarDate(value, display.preferences)
      }
      return formatDate(value as Date, { ...display.preferences, timezone: processZone })
    case 'boolean':
      return display.t(value === true || value === 'true' ? 'crud.table.yes' : 'crud.table.no')
    case 'enum':
      return display.t(`crud.${display.resourceKey}.values.${column.name}.${value}`)
    case 'number':
      return column.name === 'latitude' || column.name === 'longitude'
        ? Number(Number(value).toFixed(6))
        : value
    default:
      return value
  }
}

async function* rowsOf(
  resource: ResourceDescriptor,
  params: ListParams,
  context: ListContext,
  fields: string[],
  display: { preferences: DisplayPreferences; t: (key: string) => string; resourceKey: string }
) {
  for (let offset = 0; offset < EXPORT_ROW_LIMIT; offset += CHUNK) {
    const rows = await selectAndSort(resource, filteredQuery(resource, params, context), {
      ...params,
      fields,
    })
      .offset(offset)
      .limit(Math.min(CHUNK, EXPORT_ROW_LIMIT - offset))
    for (const row of rows) {
      yield fields.map((field) =>
        exportValue((row as Record<string, unknown>)[field], columnOf(resource, field), display)
      )
    }
    if (rows.length < CHUNK) return
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
  const labels = columns.map((column) => ctx.i18n.t(column.labelKey))
  const title = ctx.i18n.t(`crud.${resource.key}.title`)
  const filename = `${resource.key}-${new Date().toISOString().slice(0, 10)}.${format}`
  const display = {
    preferences: preferencesOf(ctx.auth.user),
    t: (key: string) => ctx.i18n.t(key),
    resourceKey: resource.key,
  }
  const rows = rowsOf(resource, params, context, fields, display)
  const output = new PassThrough()

  const write =
    format === 'csv'
      ? writeCsv(output, labels, rows)
      : writeXlsx(output, title, fields, labels, rows)
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

/** CSV with a byte order mark (so spreadsheets read UTF-8), cells through the formula guard. */
export async function writeCsv(output: PassThrough, labels: string[], rows: Rows) {
  output.write('\uFEFF')
  const csv = csvStream('\n')
  csv.on('error', (error) => output.destroy(error))
  csv.pipe(output)
  csv.write(labels)
  for await (const values of rows) {
    if (!csv.write(values)) await drained(csv, output)
  }
  csv.end()
}

/**
 * Waits until a stream takes writes again; fails when the download is gone (the client went
 * away), so that the rows stop being read and their query is released.
 */
async function drained(stream: Writable, output: PassThrough = stream as PassThrough) {
  if (output.destroyed) throw new Error('The export was aborted')
  const abort = new AbortController()
  try {
    await Promise.race([
      once(stream, 'drain', { signal: abort.signal }),
      once(output, 'close', { signal: abort.signal }).then(() => {
        throw new Error('The export was aborted')
      }),
    ])
  } finally {
    abort.abort()
  }
}

/** XLSX streamed sheet by row, text cells through the same formula guard as the CSV. */
export async function writeXlsx(
  output: PassThrough,
  title: string,
  fields: string[],
  labels: string[],
  rows: Rows
) {
  // Without styles and shared strings exceljs writes each row straight out (a cell style
  // costs a lookup per cell, about half the time); the header stays in view by a frozen pane.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(title.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  sheet.columns = fields.map((field, index) => ({
    header: neutralizeFormula(labels[index]),
    key: field,
    width: 18,
  }))
  for await (const values of rows) {
    sheet.addRow(values.map(spreadsheetValue)).commit()
    if (output.writableNeedDrain) await drained(output)
  }
  sheet.commit()
  await workbook.commit()
}
