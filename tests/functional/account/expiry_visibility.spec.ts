import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { reportsBySlug } from '#reports/registry'
import { createApiToken } from '#services/integrations/api_tokens'
import { createMember } from '#tests/helpers/accounts'
import { addEvent, addStop, createVehicle, seedTrip } from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

async function subscribe(companyId: number, deviceId: number, status: 'active' | 'expired') {
  const today = DateTime.now().setZone(ZONE).startOf('day')
  await db
    .table('subscriptions')
    .insert({
      company_id: companyId,
      device_id: deviceId,
      status,
      starts_on: today.minus({ months: 2 }).toISODate(),
      ends_on: (status === 'expired'
        ? today.minus({ days: 20 })
        : today.plus({ months: 1 })
      ).toISODate(),
      expired_at: status === 'expired' ? new Date() : null,
      created_at: new Date(),
    })
    .onConflict('device_id')
    .merge(['status', 'ends_on', 'expired_at'])
}

/** A vehicle with yesterday's trip (positions), a parking and alarms. */
async function vehicleWithHistory(company: { id: number }, name: string) {
  const vehicle = await createVehicle(company, { name })
  const yesterday = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 })
  await seedTrip(vehicle, company, { start: yesterday.plus({ hours: 8 }), count: 20 })
  await addStop(vehicle, company, { start: yesterday.plus({ hours: 9 }), duration: 1200 })
  await addEvent(vehicle, company, { code: 'A102', time: yesterday.plus({ hours: 8, minutes: 5 }) })
  await addEvent(vehicle, company, {
    code: 'LVS',
    state: 'A',
    time: yesterday.plus({ hours: 9, minutes: 5 }),
  })
  return { vehicle, yesterday }
}

test.group('The expiry rule in reports and history', () => {
  test("an expired vehicle's trips are absent from trip summary until renewal", async ({
    assert,
  }) => {
    const { company } = await createMember()
    const { vehicle: van, yesterday } = await vehicleWithHistory(company, 'Expired van')
    const { vehicle: truck } = await vehicleWithHistory(company, 'Active truck')
    await subscribe(company.id, van.id, 'expired')
    await subscribe(company.id, truck.id, 'active')
    const context = { companyId: company.id, timezone: ZONE, now: DateTime.now().setZone(ZONE) }
    const input = { period: 'custom', from: yesterday.toISODate(), to: yesterday.toISODate() }
    const vehicles = async () =>
      (await reportsBySlug['trip-summary'].run(input, context)).page.rows.map((row) => row.vehicle)

    assert.deepEqual(await vehicles(), ['Active truck'])
    // Naming the expired vehicle shows nothing either.
    const named = await reportsBySlug['trip-summary'].run({ ...input, deviceId: van.id }, context)
    assert.lengthOf(named.page.rows, 0)
    assert.equal(named.totals.trips, 0)

    await subscribe(company.id, van.id, 'active')
    assert.sameMembers(await vehicles(), ['Active truck', 'Expired van'])
  })

  test('every registered report hides an expired vehicle', async ({ assert }) => {
    const { company } = await createMember()
    const { vehicle, yesterday } = await vehicleWithHistory(company, 'Only van')
    await db.from('devices').where('id', vehicle.id).update({
      speed_limit: 50,
      average_consumption: 10,
      idle_consumption: 1,
    })
    const context = { companyId: company.id, timezone: ZONE, now: DateTime.now().setZone(ZONE) }
    const input = { period: 'custom', from: yesterday.toISODate(), to: yesterday.toISODate() }
    const totals = async () => {
      const result: Record<string, number> = {}
      for (const [slug, report] of Object.entries(reportsBySlug)) {
        const run = await report.run(input, context)
        // The fleet summary lists its cost kinds whatever the fleet: its vehicles say it.
        result[slug] =
          slug === 'fleet-summary' ? Number(run.totals?.vehicles ?? 0) : run.page.meta.total
      }
      return result
    }

    await subscribe(company.id, vehicle.id, 'active')
    const active = await totals()
    for (const slug of ['trip-summary', 'parking-duration', 'all-alarms', 'battery-reports']) {
      assert.isAbove(active[slug], 0, `${slug} shows the active vehicle`)
    }

    await subscribe(company.id, vehicle.id, 'expired')
    const expired = await totals()
    for (const [slug, total] of Object.entries(expired)) {
      assert.equal(total, 0, `${slug} hides the expired vehicle`)
    }

    await subscribe(company.id, vehicle.id, 'active')
    assert.deepEqual(await totals(), active)
  })

  test("the history page hides an expired vehicle's track until renewal", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = ZONE
    await user.save()
    const { vehicle } = await vehicleWithHistory(company, 'History van')
    await subscribe(company.id, vehicle.id, 'expired')

    const hidden = await client
      .get(`/backend/history?deviceId=${vehicle.id}`)
      .withInertia()
      .loginAs(user)
    hidden.assertStatus(200)
    const props = hidden.inertiaProps as Record<string, any>
    assert.equal(props.selection.error, 'expired')
    assert.isNull(props.history)
    const exported = await client
      .get(`/backend/history/export.csv?deviceId=${vehicle.id}`)
      .loginAs(user)
    exported.assertStatus(400)
    assert.equal(
      exported.body().error,
      "This vehicle's subscription has expired: its history is hidden until the subscription is renewed."
    )
    const turkish = await client
      .get(`/tr/panel/gecmis?deviceId=${vehicle.id}`)
      .withInertia()
      .loginAs(user)
    assert.equal((turkish.inertiaProps as Record<string, any>).selection.error, 'expired')

    await subscribe(company.id, vehicle.id, 'active')
    const shown = await client
      .get(`/backend/history?deviceId=${vehicle.id}`)
      .withInertia()
      .loginAs(user)
    const after = shown.inertiaProps as Record<string, any>
    assert.isNull(after.selection.error)
    assert.lengthOf(after.history.trips, 1)
    assert.isAbove(after.history.points.length, 0)

    // Another company's vehicle stays a 404.
    const other = await createMember()
    const foreign = await client
      .get(`/backend/history?deviceId=${vehicle.id}`)
      .withInertia()
      .loginAs(other.user)
    foreign.assertStatus(404)
  })

  test("the read-only API leaves out an expired vehicle's trips and events until renewal", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    const { vehicle, yesterday } = await vehicleWithHistory(company, 'API van')
    const { token } = await createApiToken(company.id, 'ERP', user.id)
    const range = `from=${encodeURIComponent(yesterday.toUTC().toISO()!)}&to=${encodeURIComponent(
      yesterday.plus({ days: 1 }).toUTC().toISO()!
    )}`
    const counts = async () => {
      const trips = await client
        .get(`/api/v1/trips?${range}`)
        .header('authorization', `Bearer ${token}`)
      const events = await client
        .get(`/api/v1/events?${range}`)
        .header('authorization', `Bearer ${token}`)
      trips.assertStatus(200)
      return [trips.body().data.length, events.body().data.length]
    }
    assert.deepEqual(await counts(), [1, 2])
    await subscribe(company.id, vehicle.id, 'expired')
    assert.deepEqual(await counts(), [0, 0])
    await subscribe(company.id, vehicle.id, 'active')
    assert.deepEqual(await counts(), [1, 2])
  })

  test("the dashboard leaves out an expired vehicle's alarms and trips until renewal", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = ZONE
    await user.save()
    const vehicle = await createVehicle(company, { name: 'Dash van' })
    const now = DateTime.now()
    const startOfDay = now.setZone(ZONE).startOf('day')
    await addEvent(vehicle, company, {
      code: 'A102',
      time: DateTime.max(startOfDay, now.minus({ minutes: 1 })),
    })
    await seedTrip(vehicle, company, {
      start: startOfDay.minus({ days: 1 }).plus({ hours: 8 }),
      count: 5,
    })
    const dashboard = async () => {
      const response = await client.get('/backend').withInertia().loginAs(user)
      const props = response.inertiaProps as Record<string, any>
      return {
        alarms: props.today.alarms as number,
        recent: (props.recentAlarms as unknown[]).length,
      }
    }
    assert.deepEqual(await dashboard(), { alarms: 1, recent: 1 })
    await subscribe(company.id, vehicle.id, 'expired')
    assert.deepEqual(await dashboard(), { alarms: 0, recent: 0 })
    await subscribe(company.id, vehicle.id, 'active')
    assert.deepEqual(await dashboard(), { alarms: 1, recent: 1 })
  })
})
