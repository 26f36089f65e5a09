import { stringify as stringifyStream, type Options, type Stringifier } from 'csv-stringify'
import { stringify } from 'csv-stringify/sync'

/** What a spreadsheet reads as the start of a formula (tab and CR included: they can hide one). */
const formulaStart = /^[=+\-@\t\r]/
/** A plain number literal ("-12.5", "+3", "1e-3") is a value, not a formula. */
const plainNumber = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

/**
 * The one guard against formula injection for every export (CSV and XLSX): text a spreadsheet
 * would run as a formula (=, +, -, @, tab or CR first) gets a leading apostrophe, so it is shown
 * as the text it is. Plain number literals are left alone.
 */
export function neutralizeFormula(text: string): string {
  return formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text
}

/** A cell value for an XLSX sheet: text guarded, numbers, booleans and dates as they are. */
export function spreadsheetValue(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return neutralizeFormula(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value
  if (typeof value === 'bigint') return value.toString()
  return neutralizeFormula(JSON.stringify(value))
}

/**
 * The CSV dialect of every export (RFC 4180 quoting, also around `;` and any line break for spreadsheets that split
 * on it): text through the formula guard, booleans as true/false, dates as ISO 8601 UTC.
 */
function csvOptions(recordDelimiter: '\n' | '\r\n', delimiter = ','): Options {
  return {
    record_delimiter: recordDelimiter,
    delimiter,
    quoted_match: /[;\r\n]/,
    cast: {
      string: (value) => neutralizeFormula(value),
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
      bigint: (value) => value.toString(),
      object: (value) => neutralizeFormula(JSON.stringify(value)),
    },
  }
}

/** CSV text of whole records, each ended by the record delimiter. */
export function csvRecords(
  rows: unknown[][],
  recordDelimiter: '\n' | '\r\n' = '\r\n',
  delimiter: ',' | ';' | '\t' = ','
): string {
  return stringify(rows, csvOptions(recordDelimiter, delimiter))
}

/** A streaming CSV writer: write arrays of values, read CSV text. */
export function csvStream(
  recordDelimiter: '\n' | '\r\n' = '\r\n',
  delimiter: ',' | ';' | '\t' = ','
): Stringifier {
  return stringifyStream(csvOptions(recordDelimiter, delimiter))
}
