import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'
const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE })

test.group('Utilisation report', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test('share of working hours driven per vehicle beside the previous period; scoped', async ({
    client,
    assert,
  }) => {
    const member = await createMember({ role: 'manager' })
    const other = await createMember({ role: 'manager' })
    const van = await createVehicle(member.company, { name: 'Van', plate: '34 VAN 1' })
    await createVehicle(member.company, { name: 'Truck', plate: '34 TRK 1' })
    const foreign = await createVehicle(other.company, { name: 'Foreign', plate: '06 F 1' })
    // Tuesday 24 and Wednesday 25 November 2026; the previous period is Sunday 22 and Monday 23.
    // Without saved working hours: Monday to Friday 08:00–18:00.
    const trip = (start: string, minutes: number, vehicle = van, company = member.company) =>
      addTrip(vehicle, company, { start: at(start), distance: 10_000, duration: minutes * 60 })
    await trip('2026-11-24T07:00', 120) // one hour of it in working time
    await trip('2026-11-25T12:00', 60)
    await trip('2026-11-25T19:00', 60) // after hours: not counted
    await trip('2026-11-23T10:00', 150) // the previous period
    await trip('2026-11-24T09:00', 600, foreign, other.company)

    const report = reportsBySlug['utilisation']
    const input = { period: 'custom', from: '2026-11-24', to: '2026-11-25' }
    const context = { companyId: member.company.id, timezone: ZONE, now: at('2026-11-28T12:00') }
    const result = await report.run(input, context)
    assert.deepEqual(result.page.rows, [
      {
        vehicle: 'Truck',
        plate: '34 TRK 1',
        workingTime: 72_000,
        driven: 0,
        utilisation: 0,
        previousDriven: 0,
        previousUtilisation: 0,
        change: 0,
      },
      {
        vehicle: 'Van',
        plate: '34 VAN 1',
        workingTime: 72_000,
        driven: 7200,
        utilisation: 10,
        previousDriven: 9000,
        previousUtilisation: 25,
        change: -15,
      },
    ])
    assert.deepEqual(result.totals, {
      vehicles: 2,
      workingTime: 72_000,
      driven: 7200,
      utilisation: 5,
      previousUtilisation: 12.5,
      change: -7.5,
    })
    assert.deepEqual(result.chart?.labels, ['Van', 'Truck'])
    assert.deepEqual(result.chart?.series, [
      { name: 'utilisation', data: [10, 0] },
      { name: 'previousUtilisation', data: [25, 0] },
    ])

    // The company's own working hours: Tuesday 08:00–10:00 only; no working time before.
    await db.table('company_settings').insert({
      company_id: member.company.id,
      working_hours: JSON.stringify({
        mon: null,
        tue: { from: '08:00', to: '10:00' },
        wed: null,
        thu: null,
        fri: null,
        sat: null,
        sun: null,
      }),
      created_at: new Date(),
      updated_at: new Date(),
    })
    const own = await report.run({ ...input, deviceId: van.id }, context)
    assert.deepInclude(own.page.rows[0], {
      workingTime: 7200,
      driven: 3600,
      utilisation: 50,
      previousUtilisation: null,
      change: null,
    })
    // A period still running counts the working time up to now only.
    const today = await report.run(
      { period: 'custom', from: '2026-11-24', to: '2026-11-24' },
      { ...context, now: at('2026-11-24T09:00') }
    )
    assert.equal(today.totals.workingTime, 3600)

    for (const locale of ['en', 'tr']) {
      const i18n = i18nManager.locale(locale)
      for (const column of Object.keys(report.columns)) {
        assert.isTrue(
          i18n.hasMessage(`reports.utilisation.columns.${column}`),
          `${locale} ${column}`
        )
      }
    }
    const page = await client
      .get('/tr/panel/raporlar/kullanim-orani')
      .qs(input)
      .withInertia()
      .loginAs(member.user)
    page.assertStatus(200)
    const csv = await client
      .get('/backend/reports/utilisation/export')
      .qs({ ...input, format: 'csv' })
      .loginAs(member.user)
    csv.assertStatus(200)
    assert.include(csv.text(), 'Van')
    assert.notInclude(csv.text(), 'Foreign')
    const foreignVehicle = await client
      .get('/backend/reports/utilisation')
      .qs({ ...input, deviceId: foreign.id })
      .withInertia()
      .loginAs(member.user)
    assert.equal(foreignVehicle.status(), 404)
  })
})
