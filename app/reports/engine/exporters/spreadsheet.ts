import type { PassThrough } from 'node:stream'
import { writeCsv, writeXlsx } from '#crud/export'
import { exportDialect, type CellType, type ExportDialect } from '#services/exports/typed_cells'
import { formatReportValue, type ReportColumnView } from '#shared/report_values'
import type { ReportDocument } from './document.js'

export { exportRowLimit, exportTooLarge } from '../export_limit.js'

/** What a report column holds in a spreadsheet. */
export function reportCellType(column: ReportColumnView): CellType {
  switch (column.kind) {
    case 'date':
      return 'date'
    case 'datetime':
      return 'datetime'
    case 'number':
      if (column.currency) return 'money'
      if (column.unit === 'duration') return 'duration'
      if (column.unit === 'km/h') return 'integer'
      if (column.name === 'latitude' || column.name === 'longitude') return 'coordinate'
      return 'number'
    default:
      return 'text'
  }
}

function sheetColumns(document: ReportDocument) {
  return document.columns.map((column) => ({
    key: column.name,
    // A spreadsheet cell holds the number: the header names its currency.
    label: column.currency ? `${column.label} (${column.currency})` : column.label,
    type: reportCellType(column),
  }))
}

/** Rows as spreadsheet values: typed columns as they are, words as the page shows them. */
async function* cells(document: ReportDocument) {
  const types = document.columns.map(reportCellType)
  for await (const row of document.rows) {
    yield document.columns.map((column, index) =>
      types[index] === 'text'
        ? formatReportValue(column, row[column.name], document.values) || null
        : row[column.name]
    )
  }
}

/** The dialect of a report export: its language's, or the separator chosen. */
export function reportDialect(document: ReportDocument, separator?: string | null): ExportDialect {
  return exportDialect(document.locale, document.values.preferences, separator)
}

/** CSV streamed from the report's stream (header row of column labels, formula-guarded cells). */
export function writeReportCsv(
  output: PassThrough,
  document: ReportDocument,
  separator?: string | null
) {
  return writeCsv(
    output,
    sheetColumns(document),
    cells(document),
    reportDialect(document, separator)
  )
}

/** XLSX streamed row by row (exceljs WorkbookWriter) from the report's stream, typed. */
export function writeReportXlsx(output: PassThrough, document: ReportDocument) {
  return writeXlsx(
    output,
    document.title,
    sheetColumns(document),
    cells(document),
    reportDialect(document)
  )
}

export const reportContentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const

export type ReportFormat = keyof typeof reportContentTypes
