import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'
import { exportValue } from '#crud/export'

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
    assert.equal(lines[1], `${expectedTime},34 TZ 001,41,Evet,Evet`)
  })

  test('each column kind is formatted once, the way the table shows it', ({ assert }) => {
    const display = {
      preferences: { timezone: 'Europe/Istanbul', dateFormat: 'MM/dd/yyyy' },
      t: (key: string) => `<${key}>`,
      resourceKey: 'devices',
    }
    const instant = new Date('2026-11-23T21:47:48Z')
    assert.equal(
      exportValue(instant, { name: 'fix_time', kind: 'datetime' }, display),
      '11/24/2026 00:47:48'
    )
    assert.equal(
      exportValue('2026-03-09', { name: 'inspection_date', kind: 'date' }, display),
      '03/09/2026'
    )
    assert.equal(exportValue(false, { name: 'valid', kind: 'boolean' }, display), '<crud.table.no>')
    assert.equal(
      exportValue('gt06', { name: 'protocol', kind: 'enum' }, display),
      '<crud.devices.values.protocol.gt06>'
    )
    assert.equal(
      exportValue(41.0123456789, { name: 'latitude', kind: 'number' }, display),
      41.012346
    )
    assert.equal(exportValue(2019, { name: 'year', kind: 'number' }, display), 2019)
  })
})
