import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { playbackQuery } from '#shared/report_links'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

async function zone(companyId: number, name: string, center: [number, number]) {
  const [row] = await db
    .table('geofences')
    .insert({
      company_id: companyId,
      name,
      shape: JSON.stringify({ type: 'circle', center, radius: 300 }),
      created_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

/** A stay as the ingest writes it: the visit and its enter event with the entry point. */
async function visit(
  companyId: number,
  deviceId: number,
  geofenceId: number,
  enter: DateTime,
  seconds: number | null,
  at: [number, number]
) {
  await db.table('geofence_visits').insert({
    company_id: companyId,
    device_id: deviceId,
    geofence_id: geofenceId,
    enter_time: enter.toJSDate(),
    exit_time: seconds === null ? null : enter.plus({ seconds }).toJSDate(),
    duration: seconds,
  })
  await db.table('events').insert({
    company_id: companyId,
    device_id: deviceId,
    event_time: enter.toJSDate(),
    code: 'GEOFENCE_ENTER',
    latitude: at[0],
    longitude: at[1],
    attributes: JSON.stringify({ geofenceId }),
  })
}

test.group('Geofence visits report', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test('each visit, per vehicle and per zone, with totals, places and playback; scoped', async ({
    client,
    assert,
  }) => {
    const member = await createMember({ role: 'manager' })
    const other = await createMember({ role: 'manager' })
    const van = await createVehicle(member.company, { name: 'Van', plate: '34 VAN 1' })
    const truck = await createVehicle(member.company, { name: 'Truck', plate: '34 TRK 1' })
    const foreign = await createVehicle(other.company, { name: 'Foreign', plate: '06 F 1' })
    const depot = await zone(member.company.id, 'Depot Tuzla', [40.8167, 29.3])
    const client1 = await zone(member.company.id, 'Client Kartal', [40.9, 29.19])
    const foreignZone = await zone(other.company.id, 'Foreign yard', [39.9, 32.8])
    const yesterday = DateTime.fromISO('2026-11-27T00:00', { zone: ZONE })
    const now = DateTime.fromISO('2026-11-28T12:00', { zone: ZONE })
    await visit(
      member.company.id,
      van.id,
      depot,
      yesterday.plus({ hours: 8 }),
      1800,
      [40.8167, 29.3]
    )
    await visit(
      member.company.id,
      van.id,
      client1,
      yesterday.plus({ hours: 10 }),
      3600,
      [40.9, 29.19]
    )
    await visit(
      member.company.id,
      truck.id,
      depot,
      yesterday.plus({ hours: 9 }),
      600,
      [40.8168, 29.3]
    )
    // Still inside at the run's instant: counted up to now, no "left".
    await visit(
      member.company.id,
      truck.id,
      depot,
      yesterday.plus({ hours: 23 }),
      null,
      [40.8167, 29.3001]
    )
    // Another day and another company: not in the report.
    await visit(
      member.company.id,
      van.id,
      depot,
      yesterday.minus({ hours: 2 }),
      100,
      [40.8167, 29.3]
    )
    await visit(
      other.company.id,
      foreign.id,
      foreignZone,
      yesterday.plus({ hours: 8 }),
      900,
      [39.9, 32.8]
    )

    const report = reportsBySlug['geofence-visits']
    const context = { companyId: member.company.id, timezone: ZONE, now, locale: 'en' }
    const input = { period: 'custom', from: '2026-11-27', to: '2026-11-27' }
    const each = await report.run(input, context)
    assert.deepEqual(
      each.page.rows.map(({ zone: name, vehicle, entered, left, inside, place }) => ({
        name,
        vehicle,
        entered,
        left,
        inside,
        place,
      })),
      [
        {
          name: 'Depot Tuzla',
          vehicle: 'Van',
          entered: '2026-11-27T08:00:00.000+03:00',
          left: '2026-11-27T08:30:00.000+03:00',
          inside: 1800,
          place: 'Depot Tuzla',
        },
        {
          name: 'Depot Tuzla',
          vehicle: 'Truck',
          entered: '2026-11-27T09:00:00.000+03:00',
          left: '2026-11-27T09:10:00.000+03:00',
          inside: 600,
          place: 'Depot Tuzla',
        },
        {
          name: 'Client Kartal',
          vehicle: 'Van',
          entered: '2026-11-27T10:00:00.000+03:00',
          left: '2026-11-27T11:00:00.000+03:00',
          inside: 3600,
          place: 'Client Kartal',
        },
        {
          name: 'Depot Tuzla',
          vehicle: 'Truck',
          entered: '2026-11-27T23:00:00.000+03:00',
          left: null,
          inside: 13 * 3600,
          place: 'Depot Tuzla',
        },
      ]
    )
    assert.equal(each.page.rows[0].coordinates, '40.816700, 29.300000')
    assert.deepEqual(each.totals, {
      visits: 4,
      vehicles: 2,
      zones: 2,
      inside: 1800 + 600 + 3600 + 13 * 3600,
    })
    assert.deepEqual(each.chart?.labels, ['Depot Tuzla', 'Client Kartal'])
    assert.deepEqual(each.chart?.series[0].data, [13.67, 1])
    // A row opens the playback of its vehicle at the moment it entered.
    assert.equal(
      playbackQuery(each.page.rows[0], report.playback!)?.toString(),
      `deviceId=${van.id}&from=2026-11-27&to=2026-11-27&at=2026-11-27T08%3A00%3A00`
    )

    const perVehicle = await report.run({ ...input, groupBy: 'vehicle' }, context)
    assert.deepEqual(
      perVehicle.page.rows.map(({ vehicle, visits, inside, entered, left }) => ({
        vehicle,
        visits,
        inside,
        entered,
        left,
      })),
      [
        {
          vehicle: 'Truck',
          visits: 2,
          inside: 600 + 13 * 3600,
          entered: '2026-11-27T09:00:00.000+03:00',
          left: null,
        },
        {
          vehicle: 'Van',
          visits: 2,
          inside: 5400,
          entered: '2026-11-27T08:00:00.000+03:00',
          left: '2026-11-27T11:00:00.000+03:00',
        },
      ]
    )
    assert.deepEqual(perVehicle.chart?.labels, ['Truck', 'Van'])

    const perZone = await report.run({ ...input, groupBy: 'zone' }, context)
    assert.deepEqual(
      perZone.page.rows.map(({ zone: name, visits, inside, vehicle }) => ({
        name,
        visits,
        inside,
        vehicle,
      })),
      [
        { name: 'Client Kartal', visits: 1, inside: 3600, vehicle: null },
        { name: 'Depot Tuzla', visits: 3, inside: 1800 + 600 + 13 * 3600, vehicle: null },
      ]
    )
    assert.deepEqual(perZone.totals, each.totals)

    for (const locale of ['en', 'tr']) {
      const i18n = i18nManager.locale(locale)
      for (const [column, spec] of Object.entries(report.columns)) {
        if (spec.hidden) continue
        assert.isTrue(
          i18n.hasMessage(`reports.geofence_visits.columns.${column}`),
          `${locale} ${column}`
        )
      }
    }

    const page = await client
      .get('/tr/panel/raporlar/bolge-ziyaretleri')
      .qs({ period: 'yesterday', groupBy: 'zone' })
      .withInertia()
      .loginAs(member.user)
    page.assertStatus(200)
    const csv = await client
      .get('/backend/reports/geofence-visits/export')
      .qs({ ...input, format: 'csv' })
      .loginAs(member.user)
    csv.assertStatus(200)
    assert.include(csv.text(), 'Client Kartal')
    assert.notInclude(csv.text(), 'Foreign')
    const xlsx = await client
      .get('/backend/reports/geofence-visits/export')
      .qs({ ...input, format: 'xlsx' })
      .loginAs(member.user)
    xlsx.assertStatus(200)

    // Another company's vehicle: 404; a grouping that does not exist: 422.
    const foreignVehicle = await client
      .get('/backend/reports/geofence-visits')
      .qs({ period: 'yesterday', deviceId: foreign.id })
      .withInertia()
      .loginAs(member.user)
    assert.equal(foreignVehicle.status(), 404)
    const bad = await client
      .get('/backend/reports/geofence-visits')
      .qs({ period: 'yesterday', groupBy: 'driver' })
      .withInertia()
      .loginAs(member.user)
    assert.equal(bad.status(), 422)
  })
})
