import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import router from '@adonisjs/core/services/router'
import { routeTable } from '#shared/route_table'
import { fleetRecords, referenceLists } from '#crud/resources/index'
import type Company from '#models/company'
import type User from '#models/user'

const en = routeTable['fleet.traffic-fines'].en
const tr = routeTable['fleet.traffic-fines'].tr

interface DryRun {
  headers: string[]
  mapping: Record<string, number | null>
  fields: { name: string; label: string; required: boolean }[]
  total: number
  valid: number
  rowsWithErrors: number
  errorCount: number
  errors: { row: number; field: string; column: string; message: string }[]
  missing: string[]
  message?: string
}

/** A company's vehicle (plate 34 ABC 12), driver and fine type. */
async function fixtures(company: Pick<Company, 'id'>) {
  const now = new Date()
  const vehicle = await createVehicle(company, { plate: '34 ABC 12', name: 'Van 1' })
  const [driver] = await db
    .table('drivers')
    .insert({ company_id: company.id, name: 'Ayşe Yılmaz', created_at: now, updated_at: now })
    .returning('id')
  const [fineType] = await db
    .table('traffic_fine_types')
    .insert({ company_id: company.id, name: 'Speeding', created_at: now, updated_at: now })
    .returning('id')
  return { vehicle: vehicle.id, driver: driver.id as number, fineType: fineType.id as number }
}

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n')
const fines = async (company: Pick<Company, 'id'>) =>
  Number((await db.from('traffic_fines').where('company_id', company.id).count('* as n').first()).n)

/** Posts a file to the dry run or the commit of the fines table. */
function upload(
  client: any,
  user: User,
  path: string,
  file: Buffer,
  options: { name?: string; commit?: boolean; mapping?: Record<string, number | null> } = {}
) {
  const name = options.name ?? 'fines.csv'
  let request = client
    .post(`${path}/import${options.commit ? '' : '/dry-run'}`)
    .withCsrfToken()
    .loginAs(user)
    .header('accept', 'application/json')
    .file('file', file, {
      filename: name,
      contentType: name.endsWith('.xlsx')
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv',
    })
  if (options.mapping) request = request.field('mapping', JSON.stringify(options.mapping))
  return request
}

test.group('Resource import', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every table with a form has its import routes, in both languages', ({ assert }) => {
    const names = new Set(
      Object.values(router.toJSON())
        .flat()
        .map((route) => route.name)
    )
    const pages = [...Object.keys(fleetRecords), ...Object.keys(referenceLists)]
    pages.push('fleet.fuel-log', 'fleet.drivers', 'inventory.items', 'fleet.work-orders')
    for (const page of pages) {
      for (const prefix of ['', 'tr.']) {
        for (const suffix of ['.get.import.template', '.post.import.dry-run', '.post.import']) {
          assert.isTrue(names.has(`${prefix}${page}${suffix}`), `${prefix}${page}${suffix}`)
        }
      }
    }
    // A read-only table (positions) imports nothing.
    assert.isFalse(names.has('history.tracking.post.import'))
  })

  test('the dry run lists each row error with its row, column and English message', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await fixtures(company)
    const file = csv([
      'Fine date,Vehicle,Driver,Amount,Status,Article',
      '04.11.2026,34 abc 12,Ayşe Yılmaz,"1.234,56",Unpaid,TK 51',
      '31.02.2026,34 ABC 12,,100,paid,',
      '05.11.2026,06 XYZ 99,,100,paid,',
      '05.11.2026,34ABC12,Nobody,abc,maybe,',
      '',
      '06.11.2026,34 ABC 12,,,paid,',
    ])
    const response = await upload(client, user, en, file)
    response.assertStatus(200)
    const body = response.body() as DryRun
    assert.equal(body.total, 5)
    assert.equal(body.valid, 1)
    assert.equal(body.rowsWithErrors, 4)
    assert.deepEqual(body.missing, [])
    const byRow = (row: number) =>
      body.errors.filter((error) => error.row === row).map((e) => [e.column, e.message])
    assert.deepEqual(byRow(2), [])
    assert.deepEqual(
      byRow(3).map(([column]) => column),
      ['Fine date']
    )
    assert.match(byRow(3)[0][1], /Fine date/)
    assert.deepEqual(byRow(4), [['Vehicle', 'No Vehicle named “06 XYZ 99” in this company.']])
    assert.sameMembers(
      byRow(5).map(([column]) => column),
      ['Driver', 'Amount', 'Status']
    )
    assert.include(byRow(5).find(([column]) => column === 'Driver')![1], '“Nobody”')
    assert.match(byRow(5).find(([column]) => column === 'Amount')![1], /Amount/)
    // The blank line is skipped, and the row after it keeps its number in the file.
    assert.deepEqual(
      byRow(7).map(([column]) => column),
      ['Amount']
    )
    assert.match(byRow(7)[0][1], /Amount/)
    assert.equal(await fines(company), 0)
  })

  test('the dry run speaks Turkish on the Turkish page and reads Turkish headers', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await fixtures(company)
    const file = csv([
      'Ceza tarihi;Araç;Tutar;Durum',
      '04.11.2026;34 ABC 12;850,50;Ödenmedi',
      '04.11.2026;99 ZZ 1;850,50;Ödendi',
      '04.11.2026;34 ABC 12;;Ödendi',
    ])
    const response = await upload(client, user, tr, file)
    response.assertStatus(200)
    const body = response.body() as DryRun
    assert.equal(body.mapping.fine_date, 0)
    assert.equal(body.mapping.device_id, 1)
    assert.equal(body.mapping.amount, 2)
    assert.equal(body.mapping.status, 3)
    assert.equal(body.fields.find((field) => field.name === 'amount')!.label, 'Tutar')
    assert.deepEqual(
      body.errors.map((error) => [error.row, error.column]),
      [
        [3, 'Araç'],
        [4, 'Tutar'],
      ]
    )
    assert.equal(body.errors[0].message, 'Bu şirkette “99 ZZ 1” adlı bir Araç kaydı yok.')
    assert.match(body.errors[1].message, /Tutar/)
    assert.notMatch(body.errors[1].message, /field|required/i)
  })

  test('the commit writes every row in one go, or nothing when one row fails', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const f = await fixtures(company)
    const header = 'Fine date,Vehicle,Driver,Fine type,Amount,Currency,Status,Article'
    const bad = csv([
      header,
      '04.11.2026,34 ABC 12,Ayşe Yılmaz,Speeding,"1.234,56",TRY,Unpaid,TK 51',
      '04.11.2026,34 ABC 12,,,12,TRY,Unpaid,too-far-in-the-future-is-fine',
      '2026-11-05,34 ABC 12,,Parking,10,TRY,Unpaid,',
    ])
    const refused = await upload(client, user, en, bad, { commit: true })
    refused.assertStatus(422)
    const body = refused.body() as DryRun
    assert.equal(body.rowsWithErrors, 1)
    assert.equal(body.errors[0].row, 4)
    assert.equal(body.errors[0].column, 'Fine type')
    assert.match(body.message!, /Nothing was imported/)
    assert.equal(await fines(company), 0)

    const good = csv([
      header,
      '04.11.2026,34 ABC 12,Ayşe Yılmaz,Speeding,"1.234,56",TRY,Unpaid,TK 51',
      '2026-11-05,34abc12,,speeding,10,,paid,',
    ])
    const imported = await upload(client, user, en, good, { commit: true })
    imported.assertStatus(200)
    assert.equal(imported.body().created, 2)
    assert.equal(imported.body().message, '2 rows imported.')
    const rows = await db
      .from('traffic_fines')
      .where('company_id', company.id)
      .orderBy('fine_date')
      .select(
        db.raw(`to_char(fine_date, 'YYYY-MM-DD') as fine_date`),
        'device_id',
        'driver_id',
        'type_id',
        'amount_cents',
        'currency',
        'status',
        'article',
        'created_at'
      )
    assert.deepEqual(
      rows.map((row) => [
        row.fine_date,
        row.device_id,
        row.driver_id,
        row.type_id,
        Number(row.amount_cents),
        row.currency,
        row.status,
        row.article,
      ]),
      [
        ['2026-11-04', f.vehicle, f.driver, f.fineType, 123456, 'TRY', 'unpaid', 'TK 51'],
        ['2026-11-05', f.vehicle, null, f.fineType, 1000, 'TRY', 'paid', null],
      ]
    )
    assert.isNotNull(rows[0].created_at)
  })

  test('another company’s plates, drivers and types are never matched', async ({
    client,
    assert,
  }) => {
    const a = await createMember()
    const b = await createMember()
    await fixtures(b.company)
    await createVehicle(a.company, { plate: '06 AAA 06', name: 'Own van' })
    const file = csv([
      'Fine date,Vehicle,Driver,Amount',
      '04.11.2026,34 ABC 12,,10',
      '04.11.2026,Own van,Ayşe Yılmaz,10',
    ])
    const response = await upload(client, a.user, en, file, { commit: true })
    response.assertStatus(422)
    const body = response.body() as DryRun
    assert.deepEqual(
      body.errors.map((error) => [error.row, error.column]),
      [
        [2, 'Vehicle'],
        [3, 'Driver'],
      ]
    )
    assert.equal(await fines(a.company), 0)
    assert.equal(await fines(b.company), 0)
  })

  test('members who may not create records may not import nor read the template', async ({
    client,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    await fixtures(company)
    const file = csv(['Fine date,Vehicle,Amount', '04.11.2026,34 ABC 12,10'])
    ;(await upload(client, user, en, file)).assertStatus(403)
    ;(await upload(client, user, en, file, { commit: true })).assertStatus(403)
    const template = await client
      .get(`${en}/import/template`)
      .header('accept', 'application/json')
      .loginAs(user)
    template.assertStatus(403)
    const anonymous = await client
      .post(`${en}/import/dry-run`)
      .withCsrfToken()
      .header('accept', 'application/json')
    anonymous.assertStatus(401)
  })

  test('the chosen columns are remembered for the member and the table', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await fixtures(company)
    const file = csv(['Tarih,Plaka,Ceza', '04.11.2026,34 ABC 12,10'])
    const first = await upload(client, user, en, file)
    assert.deepEqual((first.body() as DryRun).missing.sort(), ['Amount', 'Fine date', 'Vehicle'])
    const chosen = await upload(client, user, en, file, {
      mapping: { fine_date: 0, device_id: 1, amount: 2 },
    })
    assert.equal((chosen.body() as DryRun).valid, 1)
    // The next file with the same headers (in another order) is read the same way.
    const again = await upload(
      client,
      user,
      en,
      csv(['Ceza,Tarih,Plaka', '10,04.11.2026,34 ABC 12'])
    )
    const body = again.body() as DryRun
    assert.include(body.mapping, { fine_date: 1, device_id: 2, amount: 0 })
    assert.equal(body.valid, 1)
    // Another member starts from the labels.
    const other = await createMember()
    const theirs = await upload(client, other.user, en, file)
    assert.lengthOf((theirs.body() as DryRun).missing, 3)
    // A mapping that does not fit the file is refused.
    const wrong = await upload(client, user, en, file, { mapping: { amount: 7 } })
    wrong.assertStatus(422)
    assert.equal(wrong.body().errors[0].field, 'mapping')
  })

  test('files too large, empty or unreadable are refused in the page language', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await fixtures(company)
    const many = csv(['Fine date,Vehicle,Amount', ...Array(10_001).fill('04.11.2026,34 ABC 12,1')])
    const tooMany = await upload(client, user, tr, many)
    tooMany.assertStatus(422)
    assert.equal(
      tooMany.body().errors[0].message,
      'Dosyada 10000 satırdan fazla var. En çok 10000 satırlık dosyalara bölün.'
    )
    const empty = await upload(client, user, en, csv(['Fine date,Vehicle,Amount']))
    empty.assertStatus(422)
    assert.equal(empty.body().errors[0].message, 'The file has no rows under its header row.')
    const broken = await upload(client, user, en, Buffer.from('not a zip'), { name: 'x.xlsx' })
    broken.assertStatus(422)
    const pdf = await upload(client, user, en, Buffer.from('%PDF-1.4'), { name: 'fines.pdf' })
    pdf.assertStatus(422)
    assert.match(pdf.body().errors[0].message, /File/)
  })

  test('the template has the labels as headers, in CSV and XLSX, in both languages', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember()
    const english = await client.get(`${en}/import/template?format=csv`).loginAs(user)
    english.assertStatus(200)
    const header = english
      .text()
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]
    assert.isTrue(header.startsWith('Fine date,Vehicle,Driver,Region,Department,Fine type'))
    const turkish = await client
      .get(`${tr}/import/template?format=xlsx`)
      .loginAs(user)
      .setup((request) => {
        // The workbook's bytes as they came (a zip, not text).
        request.request.parse((response, done) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => done(null, Buffer.concat(chunks)))
        })
      })
    turkish.assertStatus(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(turkish.body())
    const first = workbook.worksheets[0].getRow(1).values as unknown[]
    assert.deepEqual(first.slice(1, 4), ['Ceza tarihi', 'Araç', 'Sürücü'])
    assert.equal(workbook.worksheets[1].name, 'Yardım')
  })

  test('vehicles import through their model: unique IMEIs in the file and across companies', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await fixtures(company)
    const other = await createMember()
    const taken = await createVehicle(other.company)
    const path = routeTable['fleet.devices'].en
    const header = 'Name or plate,Plate,IMEI,Driver,Ownership'
    const refused = await upload(
      client,
      user,
      path,
      csv([
        header,
        'Van 7,34 VAN 7,860000000000007,Ayşe Yılmaz,Rental',
        'Van 8,34 VAN 8,860000000000007,,Own',
        `Van 9,34 VAN 9,${taken.imei},,Own`,
      ]),
      { commit: true }
    )
    refused.assertStatus(422)
    const body = refused.body() as DryRun
    assert.deepEqual(
      body.errors.map((error) => [error.row, error.column]),
      [
        [3, 'IMEI'],
        [4, 'IMEI'],
      ]
    )
    assert.equal(body.errors[0].message, 'IMEI is the same as in row 2: it must be unique.')
    const imported = await upload(
      client,
      user,
      path,
      csv([
        header,
        'Van 7,34 VAN 7,860000000000007,Ayşe Yılmaz,Rental',
        'Van 8,34 VAN 8,860000000000008,,',
      ]),
      { commit: true }
    )
    imported.assertStatus(200)
    const vehicles = await db
      .from('devices')
      .where('company_id', company.id)
      .whereIn('imei', ['860000000000007', '860000000000008'])
      .orderBy('imei')
    assert.deepEqual(
      vehicles.map((vehicle) => [
        vehicle.name,
        vehicle.ownership,
        vehicle.protocol,
        vehicle.status,
      ]),
      [
        ['Van 7', 'rental', 'teltonika', 'active'],
        ['Van 8', 'own', 'teltonika', 'active'],
      ]
    )
    assert.isNotNull(vehicles[0].driver_id)
  })

  test('a 10,000-row fines spreadsheet: a clear error list, then imported whole', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await fixtures(company)
    const now = new Date()
    await db.table('devices').insert(
      Array.from({ length: 50 }, (_, index) => ({
        company_id: company.id,
        name: `Truck ${index}`,
        plate: `34 TR ${1000 + index}`,
        imei: `35${String(index).padStart(13, '0')}${company.id}`.slice(0, 15),
        protocol: 'teltonika',
        status: 'active',
        ownership: 'own',
        created_at: now,
        updated_at: now,
      }))
    )
    const sheet = async (broken: Set<number>) => {
      const workbook = new ExcelJS.Workbook()
      const rows = workbook.addWorksheet('Fines')
      rows.addRow(['Fine date', 'Vehicle', 'Amount', 'Currency', 'Status', 'Article'])
      for (let index = 0; index < 10_000; index++) {
        rows.addRow([
          new Date(Date.UTC(2026, index % 10, 1 + (index % 28))),
          broken.has(index) ? 'UNKNOWN 1' : `34 TR ${1000 + (index % 50)}`,
          broken.has(index + 1) ? 'twelve' : 100 + (index % 900) + 0.25,
          'TRY',
          index % 2 ? 'Paid' : 'Ödenmedi',
          `A-${index}`,
        ])
      }
      return Buffer.from(await workbook.xlsx.writeBuffer())
    }
    const withErrors = await upload(client, user, en, await sheet(new Set([10, 5000])), {
      name: 'fines.xlsx',
      commit: true,
    })
    withErrors.assertStatus(422)
    const body = withErrors.body() as DryRun
    assert.equal(body.total, 10_000)
    assert.equal(body.rowsWithErrors, 4)
    assert.deepEqual(
      body.errors.map((error) => [error.row, error.column]),
      [
        [11, 'Amount'],
        [12, 'Vehicle'],
        [5001, 'Amount'],
        [5002, 'Vehicle'],
      ]
    )
    assert.equal(body.errors[1].message, 'No Vehicle named “UNKNOWN 1” in this company.')
    assert.equal(await fines(company), 0)

    const imported = await upload(client, user, en, await sheet(new Set()), {
      name: 'fines.xlsx',
      commit: true,
    })
    imported.assertStatus(200)
    assert.equal(imported.body().created, 10_000)
    assert.equal(await fines(company), 10_000)
    const sum = await db
      .from('traffic_fines')
      .where('company_id', company.id)
      .sum('amount_cents as cents')
      .first()
    let expected = 0
    for (let index = 0; index < 10_000; index++) expected += (100 + (index % 900)) * 100 + 25
    assert.equal(Number(sum.cents), expected)
  }).timeout(180_000)
})
