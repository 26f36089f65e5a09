import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { addStop, addTrip, createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

/**
 * A company whose van drove twice yesterday (one trip with its positions, one without) and
 * parked once between, and whose truck parked too.
 */
async function seeded() {
  const member = await createMember({ role: 'manager' })
  member.user.timezone = ZONE
  await member.user.save()
  const van = await createVehicle(member.company, { name: 'Van', plate: '34 VAN 1' })
  const truck = await createVehicle(member.company, { name: 'Truck', plate: '34 TRK 1' })
  const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
  const driven = await seedTrip(van, member.company, {
    start: yesterday.plus({ hours: 8 }),
    count: 100,
  })
  await addStop(van, member.company, { start: yesterday.plus({ hours: 9 }), duration: 1800 })
  await addTrip(van, member.company, {
    start: yesterday.plus({ hours: 10 }),
    distance: 5000,
    duration: 600,
  })
  await addStop(truck, member.company, { start: yesterday.plus({ hours: 11 }), duration: 600 })
  return { ...member, van, truck, yesterday, driven }
}

test.group('Report maps', (group) => {
  group.each.setup(async () => {
    await db.beginGlobalTransaction()
    return () => db.rollbackGlobalTransaction()
  })

  test("trip summary's map: the period's trips as lines keyed like their rows, the same vehicles' parkings as markers", async ({
    client,
    assert,
  }) => {
    const { user, van, truck, driven } = await seeded()
    const page = await client
      .get('/backend/reports/trip-summary')
      .qs({ period: 'yesterday' })
      .withInertia()
      .loginAs(user)
    const props = page.inertiaProps as Record<string, any>
    assert.equal(props.report.map, 'startTime')
    const rows = props.result.page.data

    const response = await client
      .get('/backend/reports/trip-summary/map')
      .qs({ period: 'yesterday' })
      .loginAs(user)
    response.assertStatus(200)
    const map = response.body()
    assert.isFalse(map.truncated)
    assert.lengthOf(map.trips, 2)
    // Each line answers to its row by vehicle and start time (the page highlights it so).
    for (const [index, trip] of map.trips.entries()) {
      assert.equal(trip.deviceId, rows[index].deviceId)
      assert.equal(
        DateTime.fromISO(trip.startTime).toMillis(),
        DateTime.fromISO(rows[index].startTime).toMillis()
      )
    }
    // The driven trip follows its positions, thinned to at most 41 points, first and last kept.
    const [first, second] = map.trips
    assert.isAtMost(first.path.length, 41)
    assert.isAtLeast(first.path.length, 30)
    assert.deepEqual(first.path[0], [driven.positions[0].latitude, driven.positions[0].longitude])
    const last = driven.positions[driven.positions.length - 1]
    assert.deepEqual(first.path.at(-1), [
      Math.round(last.latitude * 1e5) / 1e5,
      Math.round(last.longitude * 1e5) / 1e5,
    ])
    // A trip without positions: from its start to its end.
    assert.deepEqual(second.path, [
      [41, 29],
      [41.05, 29.05],
    ])
    assert.deepEqual(
      map.stops.map((stop: { deviceId: number }) => stop.deviceId),
      [van.id, truck.id]
    )
    assert.deepInclude(map.stops[0], { lat: 41.02, lon: 29.02 })

    // The vehicle filter holds for both kinds.
    const one = await client
      .get('/backend/reports/trip-summary/map')
      .qs({ period: 'yesterday', deviceIds: String(truck.id) })
      .loginAs(user)
    assert.lengthOf(one.body().trips, 0)
    assert.lengthOf(one.body().stops, 1)
    // The page's first visit renders it and names its places (the towns load once).
  }).timeout(60_000)

  test("parking duration's map: its own filter on the markers; bad parameters 422; another company's vehicle 404; no map elsewhere", async ({
    client,
    assert,
  }) => {
    const { user, van } = await seeded()
    const response = await client
      .get('/tr/panel/raporlar/park-sureleri/map')
      .qs({ period: 'yesterday', minMinutes: 20 })
      .loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().stops.map((stop: { deviceId: number }) => stop.deviceId),
      [van.id]
    )
    assert.lengthOf(response.body().trips, 2)

    const bad = await client
      .get('/backend/reports/parking-duration/map')
      .qs({ period: 'nope' })
      .loginAs(user)
    bad.assertStatus(422)

    const other = await createMember({ role: 'manager' })
    const foreign = await client
      .get('/backend/reports/parking-duration/map')
      .qs({ period: 'yesterday', deviceId: String(van.id) })
      .loginAs(other.user)
    foreign.assertStatus(404)

    const none = await client
      .get('/backend/reports/all-alarms/map')
      .qs({ period: 'yesterday' })
      .loginAs(user)
    none.assertStatus(404)
  }).timeout(30_000)
})
