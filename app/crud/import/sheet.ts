import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'

/** A spreadsheet as the import reads it: the header row and each row's cells as text. */
export interface Sheet {
  headers: string[]
  /** Each data row with its number in the spreadsheet (the header is row 1). */
  rows: { number: number; cells: string[] }[]
}

export class SheetError extends Error {
  constructor(readonly key: 'unreadable' | 'empty' | 'too_many_rows') {
    super(key)
  }
}

/** The separator of a CSV: the one of `,`, `;` and tab its header line holds most of. */
function separatorOf(line: string) {
  const counts = [',', ';', '\t'].map((mark) => [mark, line.split(mark).length - 1] as const)
  counts.sort((a, b) => b[1] - a[1])
  return counts[0][1] > 0 ? counts[0][0] : ','
}

/** CSV text (RFC 4180: quoted cells, doubled quotes, line breaks in quotes) as rows of cells. */
export function parseCsvRows(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '')
  const separator = separatorOf(body.split(/\r?\n/, 1)[0] ?? '')
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < body.length; index++) {
    const char = body[index]
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"'
        index++
      } else if (char === '"') quoted = false
      else cell += char
      continue
    }
    if (char === '"' && cell === '') quoted = true
    else if (char === separator) {
      record.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index++
      record.push(cell)
      records.push(record)
      record = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell)
    records.push(record)
  }
  return records
}

/** An XLSX cell's value as text: dates as ISO dates, numbers as JavaScript writes them. */
export function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) {
    // Spreadsheet dates carry no zone: exceljs reads them as UTC.
    const date = DateTime.fromJSDate(value, { zone: 'utc' })
    return date.hour === 0 && date.minute === 0 && date.second === 0
      ? date.toISODate()!
      : date.toISO({ suppressMilliseconds: true, includeOffset: false })!
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('result' in value) return xlsxCellText(value.result as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
    return ''
  }
  return String(value)
}

/** The first worksheet of an XLSX workbook as rows of cell texts. */
export async function parseXlsxRows(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer)
  } catch {
    throw new SheetError('unreadable')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new SheetError('empty')
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = xlsxCellText(cell.value)
    })
    rows[number - 1] = Array.from(cells, (cell) => cell ?? '')
  })
  return Array.from(rows, (row) => row ?? [])
}

/**
 * The header and data rows of an uploaded CSV or XLSX: blank rows dropped, cells trimmed,
 * at most `maxRows` data rows (more is refused whole, never cut).
 */
export async function readSheet(buffer: Buffer, extname: string, maxRows: number): Promise<Sheet> {
  const records =
    extname === 'xlsx' ? await parseXlsxRows(buffer) : parseCsvRows(buffer.toString('utf8'))
  const nonEmpty = records
    .map((cells, index) => ({ number: index + 1, cells: cells.map((cell) => cell.trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ''))
  const [header, ...rows] = nonEmpty
  if (!header || rows.length === 0) throw new SheetError('empty')
  if (rows.length > maxRows) throw new SheetError('too_many_rows')
  return { headers: header.cells, rows }
}
