import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import { matchKey, parseBoolean, parseDate, parseEnum, parseNumber } from '#crud/import/cells'
import { autoMapping, headerKey, mappingInput, rememberedOf } from '#crud/import/mapping'
import { parseCsvRows, readSheet, SheetError } from '#crud/import/sheet'

test.group('Import cells', () => {
  test('numbers: Turkish decimal comma, thousands marks, currency marks', ({ assert }) => {
    assert.equal(parseNumber('1234,56'), 1234.56)
    assert.equal(parseNumber('1.234,56'), 1234.56)
    assert.equal(parseNumber('1,234.56'), 1234.56)
    assert.equal(parseNumber('1234.5'), 1234.5)
    assert.equal(parseNumber('1 234,5'), 1234.5)
    assert.equal(parseNumber('1.234.567'), 1234567)
    assert.equal(parseNumber('1,234,567'), 1234567)
    assert.equal(parseNumber('₺ 850,00'), 850)
    assert.equal(parseNumber('850 TL'), 850)
    assert.equal(parseNumber('-12'), -12)
    assert.isNull(parseNumber('12a'))
    assert.isNull(parseNumber('1,2,3'))
    assert.isNull(parseNumber('1.2.3'))
    assert.isNull(parseNumber(''))
    assert.isNull(parseNumber('abc'))
  })

  test('dates: dd.mm.yyyy, d/m/yyyy and ISO; impossible dates are null', ({ assert }) => {
    assert.equal(parseDate('04.11.2026'), '2026-11-04')
    assert.equal(parseDate('4/11/2026'), '2026-11-04')
    assert.equal(parseDate('04-11-2026'), '2026-11-04')
    assert.equal(parseDate('2026-11-04'), '2026-11-04')
    assert.equal(parseDate('2026-11-04T13:20:00Z'), '2026-11-04')
    assert.equal(parseDate('04.11.2026 13:20'), '2026-11-04')
    assert.isNull(parseDate('31.02.2026'))
    assert.isNull(parseDate('2026-13-01'))
    assert.isNull(parseDate('yesterday'))
  })

  test('yes/no in both languages, enums by value or label', ({ assert }) => {
    assert.isTrue(parseBoolean('Evet'))
    assert.isTrue(parseBoolean('yes'))
    assert.isFalse(parseBoolean('HAYIR'))
    assert.isFalse(parseBoolean('0'))
    assert.isNull(parseBoolean('maybe'))
    const labels = (value: string) =>
      ({ unpaid: ['Unpaid', 'Ödenmedi'], paid: ['Paid', 'Ödendi'] })[value] ?? []
    assert.equal(parseEnum('paid', ['unpaid', 'paid'], labels), 'paid')
    assert.equal(parseEnum('ÖDENMEDİ', ['unpaid', 'paid'], labels), 'unpaid')
    assert.equal(parseEnum(' Paid ', ['unpaid', 'paid'], labels), 'paid')
    assert.isNull(parseEnum('cancelled', ['unpaid', 'paid'], labels))
  })

  test('match keys fold case, Turkish i and spaces (plates as typed)', ({ assert }) => {
    assert.equal(matchKey('34 ABC 12'), matchKey('34abc12'))
    assert.equal(matchKey('İSTANBUL'), matchKey('istanbul'))
    assert.equal(matchKey('ISPARTA'), matchKey('Isparta'))
    assert.notEqual(matchKey('34 ABC 12'), matchKey('34 ABC 13'))
  })
})

test.group('Import mapping', () => {
  const fields = [
    { name: 'fine_date', aliases: ['Fine date', 'Ceza tarihi', 'fine_date'] },
    { name: 'device_id', aliases: ['Vehicle', 'Araç', 'device_id', 'device'] },
    { name: 'amount', aliases: ['Amount', 'Tutar', 'amount'] },
    { name: 'article', aliases: ['Article', 'Madde', 'article'] },
  ]

  test('headers match labels in either language and field names', ({ assert }) => {
    const mapping = autoMapping(['ARAÇ', 'ceza tarihi', 'Amount ', 'other'], fields)
    assert.deepEqual(mapping, { fine_date: 1, device_id: 0, amount: 2, article: null })
    assert.deepEqual(autoMapping(['fine_date', 'device'], fields), {
      fine_date: 0,
      device_id: 1,
      amount: null,
      article: null,
    })
    assert.equal(headerKey('City / district'), headerKey('city district'))
  })

  test('a remembered choice wins over the labels, each column used once', ({ assert }) => {
    const headers = ['Plaka', 'Tarih', 'Tutar', 'Madde']
    const mapping = autoMapping(headers, fields, { device_id: 'Plaka', fine_date: 'Tarih' })
    assert.deepEqual(mapping, { fine_date: 1, device_id: 0, amount: 2, article: 3 })
    assert.deepEqual(rememberedOf(mapping, headers), {
      fine_date: 'Tarih',
      device_id: 'Plaka',
      amount: 'Tutar',
      article: 'Madde',
    })
    // A remembered header the file does not have falls back to the labels.
    assert.equal(autoMapping(['Tutar'], fields, { amount: 'Sum' }).amount, 0)
  })

  test('a sent mapping is kept to known fields and existing columns, each once', ({ assert }) => {
    assert.deepEqual(mappingInput('{"amount":2,"device_id":"0","unknown":1}', fields, 3), {
      fine_date: null,
      device_id: 0,
      amount: 2,
      article: null,
    })
    assert.isNull(mappingInput('{"amount":3}', fields, 3))
    assert.isNull(mappingInput('{"amount":1,"article":1}', fields, 3))
    assert.isNull(mappingInput('not json', fields, 3))
    assert.isNull(mappingInput('[1]', fields, 3))
  })
})

test.group('Import sheets', () => {
  test('CSV: separator from the header, quotes, BOM; row numbers kept', async ({ assert }) => {
    assert.deepEqual(parseCsvRows('\uFEFFa;b\r\n"x;1";"say ""hi"""\n'), [
      ['a', 'b'],
      ['x;1', 'say "hi"'],
    ])
    const sheet = await readSheet(Buffer.from('Plate,Amount\n\n34 A 1,"1.234,5"\n,\n'), 'csv', 10)
    assert.deepEqual(sheet.headers, ['Plate', 'Amount'])
    assert.deepEqual(sheet.rows, [{ number: 3, cells: ['34 A 1', '1.234,5'] }])
  })

  test('XLSX: dates, numbers and rich text read as text', async ({ assert }) => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Fines')
    sheet.addRow(['Fine date', 'Amount', 'Article'])
    sheet.addRow([
      new Date(Date.UTC(2026, 10, 4)),
      850.5,
      { richText: [{ text: 'TK ' }, { text: '51' }] },
    ])
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer())
    const read = await readSheet(buffer, 'xlsx', 10)
    assert.deepEqual(read.headers, ['Fine date', 'Amount', 'Article'])
    assert.deepEqual(read.rows, [{ number: 2, cells: ['2026-11-04', '850.5', 'TK 51'] }])
  })

  test('too many rows, no rows and unreadable files are refused', async ({ assert }) => {
    const many = 'a\n' + '1\n'.repeat(11)
    await assert.rejects(() => readSheet(Buffer.from(many), 'csv', 10), SheetError)
    try {
      await readSheet(Buffer.from(many), 'csv', 10)
    } catch (error) {
      assert.equal((error as SheetError).key, 'too_many_rows')
    }
    try {
      await readSheet(Buffer.from('a,b\n'), 'csv', 10)
    } catch (error) {
      assert.equal((error as SheetError).key, 'empty')
    }
    try {
      await readSheet(Buffer.from('not a zip'), 'xlsx', 10)
    } catch (error) {
      assert.equal((error as SheetError).key, 'unreadable')
    }
  })
})
