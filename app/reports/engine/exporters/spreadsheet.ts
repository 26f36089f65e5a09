import type { PassThrough } from 'node:stream'
import { writeCsv, writeXlsx } from '#crud/export'
import { spreadsheetReportValue } from '#shared/report_values'
import type { ReportDocument } from './document.js'

export { exportRowLimit, exportTooLarge } from '../export_limit.js'

/** Rows as spreadsheet cells: numbers stay numbers, times and words as the page shows them. */
async function* cells(document: ReportDocument) {
  for await (const row of document.rows) {
    yield document.columns.map((column) =>
      spreadsheetReportValue(column, row[column.name], document.values)
    )
  }
}

/** CSV streamed from the report's stream (header row of column labels, formula-guarded cells). */
export function writeReportCsv(output: PassThrough, document: ReportDocument) {
  return writeCsv(
    output,
    document.columns.map((column) => column.label),
    cells(document)
  )
}

/** XLSX streamed row by row (exceljs WorkbookWriter) from the report's stream. */
export function writeReportXlsx(output: PassThrough, document: ReportDocument) {
  return writeXlsx(
    output,
    document.title,
    document.columns.map((column) => column.name),
    document.columns.map((column) => column.label),
    cells(document)
  )
}

export const reportContentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const

export type ReportFormat = keyof typeof reportContentTypes
