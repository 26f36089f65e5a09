import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { cellTypeOf, exportRows, exportValue, processZone } from '#crud/export'
import { parseListParams } from '#crud/list_params'
import { deviceGroupsResource } from '#crud/resources/device_groups'
import { csvValue, exportDialect } from '#services/exports/typed_cells'

test.group('Exports read like the table (issue 15 item 2)', () => {
  test('times in the user time zone and date format, Evet/Hayır, 6-decimal coordinates', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = 'Europe/Istanbul'
    user.dateFormat = 'dd.MM.yyyy'
    await user.save()
    const vehicle = await createVehicle(company, { name: '34 TZ 001' })
    const start = DateTime.utc().minus({ hours: 3 }).startOf('minute')
    const trip = await seedTrip(vehicle, company, { start, count: 1 })

    const response = await client
      .get(
        '/tr/panel/gecmis/takip/export?format=csv&fields=fix_time,device,latitude,ignition,valid'
      )
      .loginAs(user)
    response.assertStatus(200)
    const lines = response
      .text()
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    const expectedTime = trip.start.setZone('Europe/Istanbul').toFormat('dd.MM.yyyy HH:mm:ss')
    // Turkish spreadsheets read ';' with a decimal comma.
    assert.equal(lines[1], `${expectedTime};34 TZ 001;41,000000;Evet;Evet`)
    const english = await client
      .get(
        '/backend/history/tracking/export?format=csv&fields=fix_time,device,latitude,ignition,valid'
      )
      .loginAs(user)
    assert.equal(
      english
        .text()
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n')[1],
      `${expectedTime},34 TZ 001,41.000000,Yes,Yes`
    )
  })

  test('each column kind is formatted once, the way the table shows it', ({ assert }) => {
    const display = { t: (key: string) => `<${key}>`, resourceKey: 'devices' }
    const dialect = exportDialect('en', { timezone: 'Europe/Istanbul', dateFormat: 'MM/dd/yyyy' })
    const csv = (value: unknown, column: { name: string; kind: string; money?: unknown }) =>
      csvValue(cellTypeOf(column), exportValue(value, column, display), dialect, processZone)
    const instant = new Date('2026-11-23T21:47:48Z')
    assert.equal(csv(instant, { name: 'fix_time', kind: 'datetime' }), '11/24/2026 00:47:48')
    assert.equal(csv('2026-03-09', { name: 'inspection_date', kind: 'date' }), '03/09/2026')
    assert.equal(csv(false, { name: 'valid', kind: 'boolean' }), '<crud.table.no>')
    assert.equal(
      csv('gt06', { name: 'protocol', kind: 'enum' }),
      '<crud.devices.values.protocol.gt06>'
    )
    assert.equal(csv(41.0123456789, { name: 'latitude', kind: 'number' }), '41.012346')
    assert.equal(csv(2019, { name: 'year', kind: 'number' }), '2019')
    assert.equal(csv(2025, { name: 'amount', kind: 'number', money: {} }), '2025')
  })
})

test.group('Table exports stream from a cursor (issue 29)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every row of the table query, in its order, a batch at a time from one server-side cursor', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const other = await createMember()
    for (const name of ['Delta', 'Alpha', 'Echo', 'Charlie', 'Bravo']) {
      await db.table('device_groups').insert({
        company_id: company.id,
        name,
        created_at: new Date(),
        updated_at: new Date(),
      })
    }
    await db.table('device_groups').insert({
      company_id: other.company.id,
      name: 'Theirs',
      created_at: new Date(),
      updated_at: new Date(),
    })
    const params = parseListParams(deviceGroupsResource, { sort: 'name', fields: 'name' })
    const display = { t: (key: string) => key, resourceKey: deviceGroupsResource.key }
    const rows: unknown[][] = []
    const openCursors: number[] = []
    for await (const row of exportRows(
      deviceGroupsResource,
      params,
      { companyId: company.id },
      ['name'],
      display,
      2
    )) {
      rows.push(row)
      const cursors = await db.rawQuery(
        "select count(*)::int as open from pg_cursors where name like 'report_rows_%'"
      )
      openCursors.push(cursors.rows[0].open)
    }
    assert.deepEqual(rows, [['Alpha'], ['Bravo'], ['Charlie'], ['Delta'], ['Echo']])
    // Read through one cursor while streaming (no OFFSET pages), closed once done.
    assert.isTrue(openCursors.every((open) => open === 1))
    const after = await db.rawQuery(
      "select count(*)::int as open from pg_cursors where name like 'report_rows_%'"
    )
    assert.equal(after.rows[0].open, 0)
  })
})
