import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'
import { cellTypeOf, exportValue, processZone } from '#crud/export'
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
