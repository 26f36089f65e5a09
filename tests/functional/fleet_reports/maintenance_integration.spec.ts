import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { fleetDataset } from '#tests/functional/fleet_reports/fixtures'
import { createMember } from '#tests/helpers/accounts'

const EN = '/backend/fleet/maintenance-records/integration'
const TR = '/tr/panel/filo/bakim-kayitlari/entegrasyon'

test.group('Maintenance integration', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('exports records and schedule as CSV and JSON, the company’s only', async ({
    client,
    assert,
  }) => {
    const { user, other, foreign } = await fleetDataset()
    await db.table('maintenance_records').insert({
      company_id: other.company.id,
      device_id: foreign.id,
      maintenance_type: 'oil_change',
      record_date: '2026-03-01',
      created_at: new Date(),
    })
    const csv = await client
      .get(`${EN}/export`)
      .qs({ data: 'records', format: 'csv' })
      .loginAs(user)
    csv.assertStatus(200)
    assert.include(csv.header('content-type'), 'text/csv')
    const lines = csv.text().trim().split('\r\n')
    assert.equal(
      lines[0],
      'id,plate,imei,vehicle,type,date,km,completed,due,cost,currency,reference,description'
    )
    assert.lengthOf(lines, 2)
    assert.match(lines[1], /^\d+,34 VAN 1,\d+,Van,oil_change,2026-03-15,,true,false,300\.00,TRY,,$/)

    const json = await client
      .get(`${EN}/export`)
      .qs({ data: 'schedules', format: 'json' })
      .loginAs(user)
    json.assertStatus(200)
    const body = JSON.parse(json.text())
    assert.equal(body.kind, 'maintenance_schedules')
    assert.deepEqual(
      body.items.map((item: Record<string, unknown>) => [item.plate, item.type, item.next_date]),
      [
        ['34 VAN 1', 'brake_check', '2026-03-25'],
        ['34 VAN 1', 'oil_change', '2026-03-10'],
      ]
    )

    const bad = await client
      .get(`${TR}/export`)
      .qs({ data: 'invoices', format: 'csv' })
      .header('accept', 'application/json')
      .loginAs(user)
    bad.assertStatus(422)
  })

  test('imports completed services, rolls the schedule, reports bad rows', async ({
    client,
    assert,
  }) => {
    const { user, company, van, truck } = await fleetDataset('manager')
    const truckImei = (await db.from('devices').where('id', truck.id).first()).imei
    const csv = [
      'plate,imei,date,km,type,cost,currency,reference',
      '34 van 1,,2026-03-18,12000,oil_change,"1,250.50",TRY,S-1',
      `,${truckImei},2026-03-19,,brake_check,,,`,
      '06 FOR 1,,2026-03-18,,oil_change,100,,S-2',
      '34 VAN 1,,2026-13-01,,car_wash,,,',
      '34 VAN 1,,2026-03-17,,oil_change,90,,S-3',
      '34 VAN 1,,2026-03-17,,oil_change,90,,S-3',
    ].join('\n')
    const response = await client
      .post(`${EN}/import`)
      .withCsrfToken()
      .header('accept', 'application/json')
      .loginAs(user)
      .file('file', Buffer.from(csv), { filename: 'services.csv', contentType: 'text/csv' })
    // "1,250.50" is no amount: the first row is refused too.
    response.assertStatus(207)
    const result = response.body()
    assert.equal(result.created, 2)
    assert.deepEqual(
      result.errors.map((error: Record<string, unknown>) => [error.row, error.field, error.key]),
      [
        [1, 'cost', 'cost_invalid'],
        [3, 'plate', 'vehicle_unknown'],
        [4, 'date', 'date_invalid'],
        [4, 'type', 'type_invalid'],
        [6, 'reference', 'reference_repeated'],
      ]
    )
    assert.equal(result.errors[0].message, 'The Cost must be an amount such as 1250.50.')

    const good = [
      'plate;date;km;type;cost;reference',
      '34 VAN 1;2026-03-18;12000;oil_change;1250,50;S-1',
    ].join('\n')
    const second = await client
      .post(`${TR}/import`)
      .withCsrfToken()
      .header('accept', 'application/json')
      .loginAs(user)
      .file('file', Buffer.from(good), { filename: 'services.csv', contentType: 'text/csv' })
    second.assertStatus(200)
    assert.deepEqual(second.body(), { created: 1, errors: [] })
    const record = await db
      .from('maintenance_records')
      .where({ company_id: company.id, reference: 'S-1' })
      .firstOrFail()
    assert.equal(record.device_id, van.id)
    assert.equal(Number(record.cost_cents), 125_050)
    assert.equal(record.distance_km, 12000)
    assert.isTrue(record.completed)
    const schedule = await db
      .from('maintenance_schedules')
      .where({ device_id: van.id, maintenance_type: 'oil_change' })
      .select(db.raw(`to_char(next_date, 'YYYY-MM-DD') as next_date`))
      .firstOrFail()
    assert.equal(schedule.next_date, '2026-09-14')
    const brake = await db
      .from('maintenance_records')
      .where({ device_id: truck.id, maintenance_type: 'brake_check' })
      .firstOrFail()
    assert.isTrue(brake.completed)

    // The same reference again: refused, in the request's language.
    const again = await client
      .post(`${TR}/import`)
      .withCsrfToken()
      .header('accept', 'application/json')
      .loginAs(user)
      .file(
        'file',
        Buffer.from(
          JSON.stringify([
            { plate: '34 VAN 1', date: '2026-03-18', type: 'oil_change', reference: 'S-1' },
          ])
        ),
        {
          filename: 'services.json',
          contentType: 'application/json',
        }
      )
    again.assertStatus(207)
    assert.equal(again.body().created, 0)
    assert.equal(again.body().errors[0].message, 'Bu Referans bu araç için zaten içe aktarıldı.')
  })

  test('the page flashes the result; members may not import; bad files answer 422', async ({
    client,
    assert,
  }) => {
    const { user, company } = await fleetDataset()
    const page = await client.get(EN).withInertia().loginAs(user)
    page.assertStatus(200)
    page.assertInertiaComponent('fleet/maintenance_integration')
    assert.isTrue((page.inertiaProps as Record<string, any>).canImport)
    const rendered = await client.get(TR).loginAs(user)
    rendered.assertStatus(200)
    assert.include(rendered.text(), 'Bakım entegrasyonu')
    assert.include(rendered.text(), 'Tamamlanan servisleri içe aktar')

    const flashed = await client
      .post(`${EN}/import`)
      .withCsrfToken()
      .header('referer', EN)
      .loginAs(user)
      .file('file', Buffer.from('plate,date,type\nNOPE,2026-03-18,oil_change\n'), {
        filename: 'services.csv',
        contentType: 'text/csv',
      })
      .redirects(0)
    flashed.assertStatus(302)
    assert.equal(flashed.flashMessages().error, '0 services imported, 1 row refused.')
    const flashedResult = flashed.flashMessages().maintenanceImport as any
    assert.equal(flashedResult.errors[0].key, 'vehicle_unknown')

    const member = await createMember({ role: 'user' })
    const refused = await client
      .post(`${EN}/import`)
      .withCsrfToken()
      .header('accept', 'application/json')
      .loginAs(member.user)
      .file('file', Buffer.from('plate,date,type\n'), {
        filename: 'a.csv',
        contentType: 'text/csv',
      })
    refused.assertStatus(403)

    for (const [path, expected] of [
      [EN, 'The File must be one of these file types: csv, json.'],
      [TR, 'Dosya'],
    ]) {
      const wrong = await client
        .post(`${path}/import`)
        .withCsrfToken()
        .header('accept', 'application/json')
        .loginAs(user)
        .file('file', Buffer.from('x'), { filename: 'a.txt', contentType: 'text/plain' })
      wrong.assertStatus(422)
      assert.include(wrong.body().errors[0].message, expected)
    }
    const empty = await client
      .post(`${TR}/import`)
      .withCsrfToken()
      .header('accept', 'application/json')
      .loginAs(user)
      .file('file', Buffer.from('plate,date,type\n'), {
        filename: 'a.csv',
        contentType: 'text/csv',
      })
    empty.assertStatus(422)
    assert.equal(empty.body().errors[0].message, 'Dosyada satır yok.')
    const count = await db
      .from('maintenance_records')
      .where('company_id', company.id)
      .count('* as n')
    assert.equal(Number(count[0].n), 1)
  }).timeout(60_000)

  test('a record entered by hand takes a cost and a reference, shown by the export', async ({
    client,
    assert,
  }) => {
    const { user, van } = await fleetDataset('manager')
    const created = await client
      .post('/backend/fleet/maintenance-records')
      .withCsrfToken()
      .loginAs(user)
      .header('referer', '/backend/fleet/maintenance-records')
      .json({
        record_date: '2026-03-19',
        device_id: van.id,
        maintenance_type: 'brake_check',
        completed: true,
        cost: 450.5,
        reference: 'WO-77',
      })
      .redirects(0)
    created.assertFlashMessage('success', 'Record created successfully!')
    const record = await db.from('maintenance_records').where('reference', 'WO-77').firstOrFail()
    assert.equal(Number(record.cost_cents), 45_050)
    assert.equal(record.currency, 'TRY')
    const csv = await client
      .get(`${EN}/export`)
      .qs({ data: 'records', format: 'csv' })
      .loginAs(user)
    assert.include(csv.text(), 'brake_check,2026-03-19,,true,false,450.50,TRY,WO-77,')
  })
})
