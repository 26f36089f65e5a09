import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { createMember } from '#tests/helpers/accounts'
import { addStop, addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

test.group('Engine hours report', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test('per vehicle: driving, engine on while standing and their sum; both languages; scoped', async ({
    client,
    assert,
  }) => {
    const member = await createMember({ role: 'manager' })
    const other = await createMember({ role: 'manager' })
    const van = await createVehicle(member.company, { name: 'Van', plate: '34 VAN 1' })
    const idle = await createVehicle(member.company, { name: 'Idle', plate: '34 IDL 1' })
    const foreign = await createVehicle(other.company, { name: 'Foreign', plate: '06 F 1' })
    const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
    await addTrip(van, member.company, {
      start: yesterday.plus({ hours: 8 }),
      distance: 9000,
      duration: 1800,
    })
    await addTrip(van, member.company, {
      start: yesterday.plus({ hours: 10 }),
      distance: 4000,
      duration: 600,
    })
    await addStop(van, member.company, { start: yesterday.plus({ hours: 9 }), duration: 3000 })
    await db.from('stops').where('device_id', van.id).update({ engine_on_duration: 900 })
    await addStop(idle, member.company, { start: yesterday.plus({ hours: 9 }), duration: 3000 })
    await addTrip(foreign, other.company, {
      start: yesterday.plus({ hours: 8 }),
      distance: 1000,
      duration: 100,
    })

    const report = reportsBySlug['engine-hours']
    const result = await report.run(
      { period: 'yesterday' },
      { companyId: member.company.id, timezone: ZONE, now: DateTime.now() }
    )
    // The vehicle whose engine never ran in the period has no row; another company's none.
    assert.deepEqual(
      result.page.rows.map(({ vehicle, trips, driving, standing, engineOn }) => ({
        vehicle,
        trips: Number(trips),
        driving: Number(driving),
        standing: Number(standing),
        engineOn: Number(engineOn),
      })),
      [{ vehicle: 'Van', trips: 2, driving: 2400, standing: 900, engineOn: 3300 }]
    )
    assert.deepEqual(result.totals, {
      vehicles: 1,
      trips: 2,
      driving: 2400,
      standing: 900,
      engineOn: 3300,
    })
    assert.deepEqual(result.chart?.labels, ['Van'])
    assert.deepEqual(result.chart?.series[0].data, [0.92])

    for (const locale of ['en', 'tr']) {
      const i18n = i18nManager.locale(locale)
      for (const column of Object.keys(report.columns)) {
        assert.isTrue(
          i18n.hasMessage(`reports.engine_hours.columns.${column}`),
          `${locale} ${column}`
        )
      }
    }

    const page = await client
      .get('/tr/panel/raporlar/motor-saatleri')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(member.user)
    page.assertStatus(200)
    const csv = await client
      .get('/backend/reports/engine-hours/export')
      .qs({ period: 'yesterday', format: 'csv' })
      .loginAs(member.user)
    csv.assertStatus(200)
    assert.include(csv.text(), 'Van')
    assert.notInclude(csv.text(), 'Foreign')

    const bad = await client
      .get('/backend/reports/engine-hours')
      .qs({ period: 'nonsense' })
      .withInertia()
      .loginAs(member.user)
    assert.equal(bad.status(), 422)
  })
})
