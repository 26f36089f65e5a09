import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

test.group('Totals per vehicle group report', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test('per group: vehicles that drove, trips, distance and driving time; scoped; both languages', async ({
    client,
    assert,
  }) => {
    const member = await createMember({ role: 'manager' })
    const other = await createMember({ role: 'manager' })
    const [north] = await db
      .table('device_groups')
      .insert({ company_id: member.company.id, name: 'North', created_at: new Date() })
      .returning('id')
    const van = await createVehicle(member.company, { name: 'Van', group_id: north.id })
    const truck = await createVehicle(member.company, { name: 'Truck', group_id: north.id })
    const loose = await createVehicle(member.company, { name: 'Loose' })
    const foreign = await createVehicle(other.company, { name: 'Foreign' })
    const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
    const at = (hours: number) => yesterday.plus({ hours })
    await addTrip(van, member.company, { start: at(8), distance: 9000, duration: 1800 })
    await addTrip(truck, member.company, { start: at(9), distance: 4000, duration: 600 })
    await addTrip(loose, member.company, { start: at(10), distance: 1000, duration: 300 })
    await addTrip(foreign, other.company, { start: at(8), distance: 5000, duration: 100 })

    const result = await reportsBySlug['group-totals'].run(
      { period: 'yesterday' },
      { companyId: member.company.id, timezone: ZONE, now: DateTime.now() }
    )
    assert.deepEqual(
      result.page.rows.map((row) => ({
        group: row.group,
        vehicles: Number(row.vehicles),
        trips: Number(row.trips),
        distance: Number(row.distance),
        driving: Number(row.driving),
      })),
      [
        { group: 'North', vehicles: 2, trips: 2, distance: 13, driving: 2400 },
        { group: '—', vehicles: 1, trips: 1, distance: 1, driving: 300 },
      ]
    )
    assert.deepEqual(result.totals, {
      groups: 1,
      vehicles: 3,
      trips: 3,
      distance: 14,
      driving: 2700,
    })
    assert.deepEqual(result.chart?.series[0].data, [13, 1])

    const page = await client
      .get('/tr/panel/raporlar/grup-toplamlari')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(member.user)
    page.assertStatus(200)
    const messages = (page.inertiaProps as Record<string, any>).messages
    assert.equal(messages['reports.group_totals.columns.group'], 'Araç grubu')
    const csv = await client
      .get('/backend/reports/group-totals/export')
      .qs({ period: 'yesterday', format: 'csv' })
      .loginAs(member.user)
    csv.assertStatus(200)
    assert.include(csv.text(), 'North')
  })
})
