import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { addTrip, createVehicle } from '#tests/functional/live/live_fixtures'
import { routeTable } from '#shared/route_table'
import { exchangeRate } from '#services/site/quotes'

const vehiclePath = routeTable['fleet.vehicle-summary'].en
const driverPath = routeTable['fleet.drivers-summary'].tr

test.group('Vehicle and driver summaries', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('distance and driving time from trips, costs from the records, cost per km', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const vehicle = await createVehicle(company, { name: '34 SUM 01' })
    const [driver] = await db
      .table('drivers')
      .insert({ company_id: company.id, name: 'Deniz', status: 'active', created_at: new Date() })
      .returning('id')
    const start = DateTime.fromISO('2026-11-02T08:00:00Z')
    await addTrip(vehicle, company, { start, distance: 150_000, duration: 7200 })
    await addTrip(vehicle, company, {
      start: start.plus({ hours: 5 }),
      distance: 50_000,
      duration: 1800,
    })
    await db.from('trips').where('device_id', vehicle.id).update({ driver_id: driver.id })
    const base = { company_id: company.id, device_id: vehicle.id, created_at: new Date() }
    await db.table('expenses').insert([
      {
        ...base,
        driver_id: driver.id,
        expense_date: '2026-11-02',
        item: 'Tolls',
        amount_cents: 40000,
        currency: 'TRY',
      },
      { ...base, expense_date: '2026-11-03', item: 'Ferry', amount_cents: 1000, currency: 'EUR' },
    ])
    await db
      .table('service_records')
      .insert({ ...base, entry_date: '2026-11-04', amount_cents: 200000, currency: 'TRY' })
    await db.table('traffic_fines').insert({
      ...base,
      driver_id: driver.id,
      fine_date: '2026-11-05',
      amount_cents: 100000,
      currency: 'TRY',
      status: 'unpaid',
    })
    await db.table('insurances').insert({
      ...base,
      policy_number: 'P-1',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      policy_amount_cents: 500000,
      currency: 'TRY',
    })
    await db
      .table('accidents')
      .insert({ ...base, driver_id: driver.id, accident_date: '2026-11-06' })

    const page = await client.get(vehiclePath).loginAs(user)
    page.assertStatus(200)
    assert.include(page.text(), 'Vehicle summary')

    const ferry = 10 * exchangeRate().rate
    const vehicles = await client
      .get(
        `${vehiclePath}/data?fields=name,distance_km,driving_hours,trips,expenses,services,fines,insurance,total_cost,cost_per_km,accidents`
      )
      .loginAs(user)
    const [row] = vehicles.body().data
    const total = 400 + ferry + 2000 + 1000 + 5000
    assert.deepInclude(row, { name: '34 SUM 01', trips: 2, accidents: 1 })
    assert.equal(Number(row.distance_km), 200)
    assert.equal(Number(row.driving_hours), 2.5)
    assert.equal(Number(row.expenses), 400 + ferry)
    assert.equal(Number(row.services), 2000)
    assert.equal(Number(row.fines), 1000)
    assert.equal(Number(row.insurance), 5000)
    assert.closeTo(Number(row.total_cost), total, 0.01)
    assert.closeTo(Number(row.cost_per_km), total / 200, 0.01)

    const exported = await client.get(`${vehiclePath}/export?format=csv`).loginAs(user)
    exported.assertStatus(200)
    assert.include(exported.text(), '34 SUM 01')

    // The driver: their trips, expenses and fines (in Turkish on the Turkish page).
    const drivers = await client
      .get(
        `${driverPath}/data?fields=name,distance_km,fine_count,fines,expenses,accidents,cost_per_km`
      )
      .loginAs(user)
    const [driverRow] = drivers.body().data
    assert.deepInclude(driverRow, { name: 'Deniz', fine_count: 1, accidents: 1 })
    assert.equal(Number(driverRow.distance_km), 200)
    assert.equal(Number(driverRow.expenses), 400)
    assert.equal(Number(driverRow.fines), 1000)
    assert.closeTo(Number(driverRow.cost_per_km), 1400 / 200, 0.01)
    const turkish = await client.get(driverPath).loginAs(user)
    assert.include(turkish.text(), 'Sürücü özeti')

    // Another company sees none of it.
    const other = await createMember({ role: 'owner' })
    assert.deepEqual((await client.get(`${vehiclePath}/data`).loginAs(other.user)).body().data, [])
    assert.deepEqual((await client.get(`${driverPath}/data`).loginAs(other.user)).body().data, [])
  })
})
