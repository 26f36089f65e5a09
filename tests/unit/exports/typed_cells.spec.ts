import { test } from '@japa/runner'
import { PassThrough } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import ExcelJS from 'exceljs'
import { writeCsv, writeXlsx } from '#crud/export'
import { exportDialect, type SheetColumn } from '#services/exports/typed_cells'

const preferences = { timezone: 'Europe/Istanbul', dateFormat: 'dd.MM.yyyy' }
const columns: SheetColumn[] = [
  { key: 'vehicle', label: 'Vehicle', type: 'text' },
  { key: 'start', label: 'Start', type: 'datetime' },
  { key: 'day', label: 'Day', type: 'date' },
  { key: 'duration', label: 'Duration', type: 'duration' },
  { key: 'distance', label: 'Distance (km)', type: 'number' },
  { key: 'trips', label: 'Trips', type: 'number' },
  { key: 'maxSpeed', label: 'Max speed', type: 'integer' },
  { key: 'amount', label: 'Amount', type: 'money' },
  { key: 'latitude', label: 'Latitude', type: 'coordinate' },
]
// 07:30 UTC is 10:30 in Istanbul; 15 h 33 min 20 s; a distance the database gave unrounded.
const row = [
  'Van',
  '2026-11-27T07:30:00.000Z',
  '2026-11-27',
  15 * 3600 + 33 * 60 + 20,
  494.9205,
  3,
  87.6,
  2025,
  41.0123456789,
]

async function* rows() {
  yield row
}

async function xlsx(locale: string) {
  const output = new PassThrough()
  const done = buffer(output)
  await writeXlsx(output, 'Trips', columns, rows(), exportDialect(locale, preferences))
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load((await done) as unknown as ExcelJS.Buffer)
  return workbook.worksheets[0].getRow(2)
}

async function csv(locale: string, separator?: string) {
  const output = new PassThrough()
  const done = buffer(output)
  await writeCsv(output, columns, rows(), exportDialect(locale, preferences, separator))
  return (await done).toString('utf8').slice(1).trimEnd().split('\n')
}

test.group('Typed export cells', () => {
  test('XLSX: dates in the user’s zone, durations as time, numbers rounded with formats', async ({
    assert,
  }) => {
    const cells = await xlsx('en')
    assert.equal(cells.getCell(1).value, 'Van')
    const start = cells.getCell(2)
    assert.equal(start.type, ExcelJS.ValueType.Date)
    assert.equal((start.value as Date).toISOString(), '2026-11-27T10:30:00.000Z')
    assert.equal(start.numFmt, 'dd.mm.yyyy hh:mm:ss')
    const day = cells.getCell(3)
    assert.equal(day.type, ExcelJS.ValueType.Date)
    assert.equal((day.value as Date).toISOString(), '2026-11-27T00:00:00.000Z')
    assert.equal(day.numFmt, 'dd.mm.yyyy')
    const duration = cells.getCell(4)
    // A time value: the fraction of a day (exceljs reads a time-formatted number as a date).
    assert.equal((duration.value as Date).toISOString(), '1899-12-30T15:33:20.000Z')
    assert.equal(duration.numFmt, '[h]:mm:ss')
    assert.equal(cells.getCell(5).value, 494.92)
    assert.equal(cells.getCell(5).numFmt, '#,##0.00')
    assert.equal(cells.getCell(6).value, 3)
    assert.equal(cells.getCell(6).numFmt, '#,##0')
    assert.equal(cells.getCell(7).value, 88)
    assert.equal(cells.getCell(8).value, 2025)
    assert.equal(cells.getCell(8).numFmt, '#,##0.00')
    assert.equal(cells.getCell(9).value, 41.012346)
    // The same cells whatever the export's language: a spreadsheet formats them itself.
    const turkish = await xlsx('tr')
    assert.equal((turkish.getCell(2).value as Date).toISOString(), '2026-11-27T10:30:00.000Z')
  })

  test('CSV: the language’s separator and decimal mark, or the chosen separator', async ({
    assert,
  }) => {
    const [enHeader, enRow] = await csv('en')
    assert.equal(
      enHeader,
      'Vehicle,Start,Day,Duration,Distance (km),Trips,Max speed,Amount,Latitude'
    )
    assert.equal(enRow, 'Van,27.11.2026 10:30:00,27.11.2026,15:33:20,494.92,3,88,2025,41.012346')
    const [trHeader, trRow] = await csv('tr')
    assert.isTrue(trHeader.startsWith('Vehicle;Start;Day;'))
    assert.equal(trRow, 'Van;27.11.2026 10:30:00;27.11.2026;15:33:20;494,92;3;88;2025;41,012346')
    // A comma separator keeps the decimal point (a decimal comma would split the cell).
    const [, trComma] = await csv('tr', 'comma')
    assert.equal(trComma, 'Van,27.11.2026 10:30:00,27.11.2026,15:33:20,494.92,3,88,2025,41.012346')
    const [, enTab] = await csv('en', 'tab')
    assert.equal(enTab.split('\t').length, columns.length)
  })
})
