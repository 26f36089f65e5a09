import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import {
  addEvent,
  addTrip,
  createVehicle,
  setVehicleState,
} from '#tests/functional/live/live_fixtures'

const ZONE = 'Europe/Istanbul'

async function dashboardOf(client: any, user: any) {
  const response = await client.get('/backend').withInertia().loginAs(user)
  response.assertStatus(200)
  response.assertInertiaComponent('backend/dashboard')
  return response.inertiaProps as Record<string, any>
}

test.group('Dashboard', () => {
  test('counts moving, idle, stopped and offline vehicles from their live state', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ name: 'Ada Operator' })
    const moving = await createVehicle(company)
    const idle = await createVehicle(company)
    const stopped = await createVehicle(company)
    const offline = await createVehicle(company)
    await createVehicle(company) // never reported: offline
    await setVehicleState(moving, company, { live_status: 'moving', speed: 50 })
    await setVehicleState(idle, company, { live_status: 'idle' })
    await setVehicleState(stopped, company, { live_status: 'stopped' })
    await setVehicleState(offline, company, { live_status: 'moving', online: false })

    // Another company's vehicles are not counted.
    const other = await createMember()
    await setVehicleState(await createVehicle(other.company), other.company, {
      live_status: 'moving',
    })

    const props = await dashboardOf(client, user)
    assert.deepEqual(props.fleet, { moving: 1, idle: 1, stopped: 1, offline: 2, total: 5 })
    assert.equal(props.user.displayName, 'Ada Operator')
  })

  test("today's distance and driving time come from today's trips in the user's time zone", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = ZONE
    await user.save()
    const vehicle = await createVehicle(company)
    const midnight = DateTime.now().setZone(ZONE).startOf('day')
    // 00:30 local today (21:30 UTC yesterday) counts; 23:30 local yesterday does not.
    await addTrip(vehicle, company, {
      start: midnight.plus({ minutes: 30 }),
      distance: 12_000,
      duration: 900,
    })
    await addTrip(vehicle, company, {
      start: midnight.minus({ minutes: 30 }),
      distance: 50_000,
      duration: 3600,
    })
    // A trip still in progress since 01:00 local: 5 km and 10 minutes so far.
    const since = midnight.plus({ hours: 1 })
    const second = await createVehicle(company)
    await setVehicleState(second, company, {
      live_status: 'moving',
      odometer: 25_000,
      fix_time: since.plus({ minutes: 10 }).toJSDate(),
      detector: {
        mode: 'trip',
        since: { time: since.toMillis(), latitude: 41, longitude: 29, odometer: 20_000 },
        pending: null,
      },
    })

    const props = await dashboardOf(client, user)
    assert.equal(props.today.distance, 17_000)
    assert.equal(props.today.drivingSeconds, 900 + 600)
    assert.equal(props.today.trips, 2)

    assert.lengthOf(props.distanceByDay, 7)
    const days = props.distanceByDay as { day: string; distance: number }[]
    assert.deepEqual(days.at(-1), { day: midnight.toISODate(), distance: 17_000 })
    assert.deepEqual(days.at(-2), {
      day: midnight.minus({ days: 1 }).toISODate(),
      distance: 50_000,
    })
  })

  test('counts and lists alarms: A1xx, abnormal voltage, overspeed, engine and power cut', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = ZONE
    await user.save()
    const vehicle = await createVehicle(company, { name: 'Van 7', plate: '34 VAN 07' })
    const now = DateTime.now()
    const startOfDay = now.setZone(ZONE).startOf('day')
    const at = (minutes: number) => DateTime.max(startOfDay, now.minus({ minutes }))
    await addEvent(vehicle, company, { code: 'A102', time: now.minus({ seconds: 1 }) })
    await addEvent(vehicle, company, { code: '105', state: 'A', time: at(2) })
    await addEvent(vehicle, company, { code: '105', state: 'F', time: at(1) })
    await addEvent(vehicle, company, { code: 'LVR', time: at(3) })
    await addEvent(vehicle, company, { code: '100', state: 'A', time: at(4) })
    await addEvent(vehicle, company, { code: 'CONNECTION', time: at(5) })
    await addEvent(vehicle, company, { code: 'HSR', time: at(6) })
    await addEvent(vehicle, company, { code: 'A101', time: startOfDay.minus({ hours: 2 }) })

    const props = await dashboardOf(client, user)
    assert.equal(props.today.alarms, 3)
    const recent = props.recentAlarms as { code: string; vehicle: string; plate: string }[]
    assert.deepEqual(
      recent.map((alarm) => alarm.code),
      ['A102', '105', 'LVR', 'A101']
    )
    assert.equal(recent[0].vehicle, 'Van 7')
    assert.equal(recent[0].plate, '34 VAN 07')
  })

  test('lists licences that end within 30 days with the days remaining', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    user.timezone = ZONE
    await user.save()
    const today = DateTime.now().setZone(ZONE).startOf('day')
    await createVehicle(company, {
      name: 'Soon',
      licence_end_date: today.plus({ days: 10 }).toISODate(),
    })
    await createVehicle(company, {
      name: 'Ended',
      licence_end_date: today.minus({ days: 2 }).toISODate(),
    })
    await createVehicle(company, {
      name: 'Later',
      licence_end_date: today.plus({ days: 45 }).toISODate(),
    })

    const props = await dashboardOf(client, user)
    const licences = props.expiringLicences as { vehicle: string; daysRemaining: number }[]
    assert.deepEqual(
      licences.map((licence) => [licence.vehicle, licence.daysRemaining]),
      [
        ['Ended', -2],
        ['Soon', 10],
      ]
    )
  })

  test('a partial reload computes only the props asked for', async ({ client, assert }) => {
    const { user, company } = await createMember()
    await setVehicleState(await createVehicle(company), company, { live_status: 'idle' })
    const response = await client
      .get('/backend')
      .withInertia()
      .withInertiaPartialReload('backend/dashboard', ['fleet'])
      .loginAs(user)
    response.assertStatus(200)
    const props = response.inertiaProps as Record<string, any>
    assert.deepEqual(props.fleet, { moving: 0, idle: 1, stopped: 0, offline: 0, total: 1 })
    assert.notProperty(props, 'recentAlarms')
    assert.notProperty(props, 'today')
  })

  test('renders on the server in Turkish with the greeting', async ({ client, assert }) => {
    const { user } = await createMember({ name: 'Ayşe' })
    const response = await client.get('/tr/panel').loginAs(user)
    response.assertStatus(200)
    assert.include(response.text(), 'data-server-rendered="true"')
    assert.include(response.text(), 'Hoş geldiniz, Ayşe')
    assert.include(response.text(), 'Filo durumu')
  })
})
