import { once } from 'node:events'
import type { PassThrough, Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { csvRecord, neutralizeFormula, spreadsheetValue } from './spreadsheet_cells.js'
import {
  csvValue,
  xlsxNumberFormat,
  xlsxValue,
  type CellType,
  type ExportDialect,
  type SheetColumn,
} from './typed_cells.js'

/**
 * The CSV and XLSX writers themselves. They run in the export worker threads
 * (export_worker.ts, through export_pool.ts), never on the web process's main thread: this
 * file imports nothing of the application (no database, no i18n), only the cell rules.
 */

/** The process's own zone: a DATE column arrives as local midnight of that day. */
export const processZone = Intl.DateTimeFormat().resolvedOptions().timeZone

export type Rows = AsyncIterable<unknown[]>

/** How many characters of CSV are gathered before they are written. */
const CSV_CHUNK = 64 * 1024

/**
 * CSV with a byte order mark (so spreadsheets read UTF-8) in the export's dialect (separator,
 * decimal mark, the user's dates), cells through the formula guard.
 */
export async function writeCsvHere(
  output: PassThrough,
  columns: SheetColumn[],
  rows: Rows,
  dialect: ExportDialect
) {
  output.write('\uFEFF')
  // Records gathered into chunks of about CSV_CHUNK characters: one write per chunk.
  let text = csvRecord(
    columns.map((column) => column.label),
    '\n',
    dialect.delimiter
  )
  for await (const values of rows) {
    text += csvRecord(
      columns.map((column, index) => csvValue(column.type, values[index], dialect, processZone)),
      '\n',
      dialect.delimiter
    )
    if (text.length >= CSV_CHUNK) {
      const more = output.write(text)
      text = ''
      if (!more) await drained(output)
    }
  }
  if (text) output.write(text)
  output.end()
}

/**
 * Waits until a stream takes writes again; fails when the download is gone (the client went
 * away), so that the rows stop being read and their query is released.
 */
export async function drained(stream: Writable, output: PassThrough = stream as PassThrough) {
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

/** How wide a column of this type starts (characters). */
const widths: Partial<Record<CellType, number>> = { datetime: 20, date: 12, duration: 11 }

/**
 * XLSX streamed row by row, typed: dates and times as dates in the user's zone, durations as
 * time values, numbers and money rounded with number formats; text through the same formula
 * guard as the CSV. The header stays in view by a frozen pane.
 */
export async function writeXlsxHere(
  output: PassThrough,
  title: string,
  columns: SheetColumn[],
  rows: Rows,
  dialect: ExportDialect
) {
  // Shared strings would hold every text of the sheet in memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(title.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  sheet.columns = columns.map((column) => ({
    header: neutralizeFormula(column.label),
    key: column.key,
    width: widths[column.type] ?? 18,
  }))
  for await (const values of rows) {
    const row = sheet.addRow(
      columns.map((column, index) =>
        spreadsheetValue(xlsxValue(column.type, values[index], dialect, processZone))
      )
    )
    columns.forEach((column, index) => {
      const value = row.getCell(index + 1).value
      if (value === null || typeof value === 'string') return
      const numFmt = xlsxNumberFormat(column.type, value, dialect)
      if (numFmt) row.getCell(index + 1).numFmt = numFmt
    })
    row.commit()
    if (output.writableNeedDrain) await drained(output)
  }
  sheet.commit()
  await workbook.commit()
}
