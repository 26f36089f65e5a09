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

/** What makes csvStream quote a field besides the separator: a quote, `;` or a line break. */
const quotedField = /["\r\n;]/

/**
 * One record as csvStream writes it with the same delimiters (the same casts, formula guard
 * and quoting), ended by the record delimiter, without a stream per export: the export writer
 * gathers records into chunks. Values of another kind (functions, symbols) go through
 * csv-stringify itself.
 */
export function csvRecord(
  values: unknown[],
  recordDelimiter: '\n' | '\r\n' = '\r\n',
  delimiter: ',' | ';' | '\t' = ','
): string {
  let record = ''
  for (let index = 0; index < values.length; index++) {
    const value = values[index]
    let text: string
    if (typeof value === 'string') text = neutralizeFormula(value)
    else if (value === null || value === undefined) text = ''
    else if (typeof value === 'number') text = String(value)
    else if (typeof value === 'boolean') text = String(value)
    else if (typeof value === 'bigint') text = value.toString()
    else if (value instanceof Date) text = value.toISOString()
    else if (typeof value === 'object') text = neutralizeFormula(JSON.stringify(value))
    else return csvRecords([values], recordDelimiter, delimiter)
    if (text !== '' && (quotedField.test(text) || text.includes(delimiter))) {
      text = `"${text.replaceAll('"', '""')}"`
    }
    record += index === 0 ? text : delimiter + text
  }
  return record + recordDelimiter
}
