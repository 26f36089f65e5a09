import { test } from '@japa/runner'
import { PassThrough } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import ExcelJS from 'exceljs'
import { writeCsv, writeXlsx } from '#crud/export'
import { csvRecord, csvRecords, neutralizeFormula } from '#services/exports/spreadsheet_cells'
import { exportDialect, type SheetColumn } from '#services/exports/typed_cells'

const english = exportDialect('en', { timezone: 'Europe/Istanbul', dateFormat: 'dd.MM.yyyy' })
const textColumn = (key: string, label: string): SheetColumn => ({ key, label, type: 'text' })

const dangerous = ['=1+2', '+cmd|/C calc', '-2+3', '@SUM(A1)', '\t=1', '\r=1']

async function* rowsOf(rows: unknown[][]) {
  yield* rows
}

test.group('Spreadsheet cells', () => {
  test('text a spreadsheet would run as a formula is neutralised', ({ assert }) => {
    for (const text of dangerous) assert.equal(neutralizeFormula(text), `'${text}`)
    assert.equal(neutralizeFormula('plain'), 'plain')
    assert.equal(neutralizeFormula('a=b'), 'a=b')
    assert.equal(neutralizeFormula('-12.5'), '-12.5')
    assert.equal(neutralizeFormula('+90'), '+90')
    assert.equal(neutralizeFormula('-1e-3'), '-1e-3')
  })

  test('CSV cells are quoted when needed and typed values read naturally', ({ assert }) => {
    const cell = (value: unknown) => csvRecords([[value]]).slice(0, -2)
    assert.equal(cell('plain'), 'plain')
    assert.equal(cell('a,b'), '"a,b"')
    assert.equal(cell('a;b'), '"a;b"')
    assert.equal(cell('say "hi"'), '"say ""hi"""')
    assert.equal(cell('line\nbreak'), '"line\nbreak"')
    assert.equal(cell('line\rbreak'), '"line\rbreak"')
    assert.equal(cell('=SUM(A1)'), "'=SUM(A1)")
    assert.equal(cell('-1+1'), "'-1+1")
    assert.equal(cell(-12.5), '-12.5')
    assert.equal(cell(false), 'false')
    assert.equal(cell(null), '')
    assert.equal(cell(new Date('2026-11-21T05:00:00Z')), '2026-11-21T05:00:00.000Z')
    assert.equal(csvRecords([['a', 1]], '\n'), 'a,1\n')
  })

  test('a CSV record written alone reads as csv-stringify writes it, in every dialect', ({
    assert,
  }) => {
    const pieces = [
      'a',
      'Kadıköy',
      '',
      ' ',
      '"',
      ',',
      ';',
      '\t',
      '\n',
      '\r',
      '=',
      '+',
      '-',
      '@',
      '1',
      '.5',
      'x"y',
    ]
    const values: unknown[] = [
      null,
      undefined,
      '',
      0,
      -1.5,
      12.25,
      Number.NaN,
      true,
      false,
      10n,
      new Date('2026-11-27T07:30:00.000Z'),
      { a: '=1' },
      ['-x', 2],
      ...dangerous,
    ]
    // Every pair of pieces as text, then the typed values.
    for (const first of pieces) for (const second of pieces) values.push(first + second)
    for (const recordDelimiter of ['\n', '\r\n'] as const) {
      for (const delimiter of [',', ';', '\t'] as const) {
        for (let start = 0; start < values.length; start += 3) {
          const record = values.slice(start, start + 4)
          assert.equal(
            csvRecord(record, recordDelimiter, delimiter),
            csvRecords([record], recordDelimiter, delimiter),
            JSON.stringify(record.map(String))
          )
        }
      }
    }
  })

  test('the resource CSV export neutralises formula cells', async ({ assert }) => {
    const output = new PassThrough()
    const done = buffer(output)
    await writeCsv(
      output,
      [textColumn('name', 'Name'), textColumn('notes', 'Notes')],
      rowsOf(dangerous.map((value) => [value, 'ok'])),
      english
    )
    const text = (await done).toString('utf8')
    assert.isTrue(text.startsWith('\uFEFFName,Notes\n'))
    const lines = text.slice(1).trimEnd().split('\n').slice(1)
    assert.lengthOf(lines, dangerous.length)
    for (const line of lines) assert.match(line, /^"?'/)
    assert.include(lines, "'=1+2,ok")
    assert.include(lines, "'@SUM(A1),ok")
  })

  test('the resource XLSX export neutralises formula cells', async ({ assert }) => {
    const output = new PassThrough()
    const done = buffer(output)
    await writeXlsx(
      output,
      'Devices',
      [textColumn('name', 'Name'), { key: 'speed', label: 'Speed', type: 'number' }],
      rowsOf([...dangerous.map((value) => [value, 12]), ['-7.5', -7.5]]),
      english
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await done) as unknown as ExcelJS.Buffer)
    const sheet = workbook.worksheets[0]
    const cells = dangerous.map((_, index) => sheet.getRow(index + 2).getCell(1))
    for (const [index, cell] of cells.entries()) {
      assert.equal(cell.type, ExcelJS.ValueType.String)
      // XML reads a carriage return back as a line feed.
      assert.equal(cell.value, `'${dangerous[index]}`.replace('\r', '\n'))
    }
    assert.equal(sheet.getRow(2).getCell(2).value, 12)
    assert.equal(sheet.getRow(dangerous.length + 2).getCell(1).value, '-7.5')
    assert.equal(sheet.getRow(dangerous.length + 2).getCell(2).value, -7.5)
  })
})
