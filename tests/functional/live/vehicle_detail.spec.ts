import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createMember } from '#tests/helpers/accounts'
import { preferencesOf } from '#services/live/user_preferences'
import {
  addEvent,
  addStop,
  addTrip,
  createVehicle,
  setVehicleState,
} from '#tests/functional/live/live_fixtures'

async function commandRows(deviceId: number) {
  return db.from('device_commands').where('device_id', deviceId).orderBy('id', 'asc')
}

test.group('Vehicle detail', () => {
  test('shows every card from the vehicle, its driver, state, trips, parkings and alarms', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    await user.refresh()
    const [driver] = await db
      .table('drivers')
      .insert({
        company_id: company.id,
        name: 'Mehmet Kaya',
        phone: '+90 555 000 00 00',
        blood_type: '0 Rh+',
        status: 'active',
        created_at: new Date(),
      })
      .returning('id')
    const vehicle = await createVehicle(company, {
      name: 'Delivery van',
      plate: '34 FT 100',
      driver_id: driver.id,
      brand: 'Ford',
      model: 'Transit',
      fuel_type: 'diesel',
      tank_capacity: 80,
      average_consumption: 10,
      idle_consumption: 1.5,
      // "Today" is the member's day, which differs from UTC's late in the evening.
      licence_end_date: DateTime.now()
        .setZone(preferencesOf(user).timezone)
        .plus({ days: 20 })
        .toISODate(),
    })
    await setVehicleState(vehicle, company, {
      live_status: 'moving',
      speed: 63.4,
      course: 92,
      ignition: true,
      power: 13.9,
      odometer: 123_456_789,
      attributes: {
        inputs: { 1: true, 2: false },
        outputs: { 1: false },
        adc1: 4.2,
        temperatures: { dallas1: 3.5 },
        fuel: 40,
        fuelLevel: 50,
      },
    })
    const now = DateTime.now()
    for (let index = 1; index <= 4; index++) {
      await addTrip(vehicle, company, {
        start: now.minus({ hours: index * 2 }),
        distance: index * 1000,
        duration: 600,
      })
      await addStop(vehicle, company, {
        start: now.minus({ hours: index * 2 + 1 }),
        duration: 1800,
      })
    }
    await addEvent(vehicle, company, { code: 'A102', time: now.minus({ minutes: 5 }) })
    await addEvent(vehicle, company, { code: '100', state: 'A', time: now.minus({ minutes: 6 }) })
    // The vehicle stands in one of the company's zones: its cards name the place (issue 26).
    await db.table('geofences').insert({
      company_id: company.id,
      name: 'Depo Tuzla',
      shape: JSON.stringify({ type: 'circle', center: [41, 29], radius: 300 }),
      created_at: new Date(),
    })

    const response = await client.get(`/backend/assets/${vehicle.id}`).withInertia().loginAs(user)
    response.assertStatus(200)
    response.assertInertiaComponent('assets/show')
    const props = response.inertiaProps as Record<string, any>

    assert.include(props.vehicle, { name: 'Delivery van', plate: '34 FT 100', brand: 'Ford' })
    assert.include(props.driver, { name: 'Mehmet Kaya' })
    // A member without the HR right gets no personal field of the driver (issue 27)
    assert.notProperty(props.driver, 'bloodType')
    assert.include(props.live, { speed: 63, course: 92, status: 'moving', ignition: true })
    assert.include(props.technical, { imei: vehicle.imei, power: 13.9, online: true })
    assert.equal(props.subscription.daysRemaining, 20)
    assert.deepEqual(
      props.trips.map((trip: { distance: number }) => trip.distance),
      [1000, 2000, 3000]
    )
    assert.lengthOf(props.stops, 3)
    assert.equal(props.place, 'Depo Tuzla')
    assert.isString(props.trips[0].startPlace)
    assert.isString(props.trips[0].endPlace)
    assert.isString(props.stops[0].place)
    assert.include(props.trips[0].playback, `deviceId=${vehicle.id}`)
    assert.match(props.stops[0].playback, /at=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}/)
    assert.deepEqual(
      props.recentAlarms.map((alarm: { code: string }) => alarm.code),
      ['A102']
    )
    // Where each alarm happened, by name, playing the vehicle back from that moment.
    assert.isString(props.recentAlarms[0].place)
    assert.include(props.recentAlarms[0].playback, `deviceId=${vehicle.id}`)
    assert.deepEqual(props.io.inputs, [
      { number: 1, active: true },
      { number: 2, active: false },
    ])
    assert.deepEqual(props.io.analog, [{ name: 'adc1', value: 4.2 }])
    assert.deepEqual(props.sensors.temperatures, [{ sensor: 'dallas1', value: 3.5 }])
    assert.include(props.fuel, { level: 40, levelPercent: 50, averageConsumption: 10 })
    assert.isFalse(props.canSendCommands)
  })

  test('renders the empty states of the spec in both languages', async ({ client, assert }) => {
    const { user, company } = await createMember()
    const vehicle = await createVehicle(company)

    const english = await client.get(`/backend/assets/${vehicle.id}`).loginAs(user)
    english.assertStatus(200)
    for (const message of [
      'No maintenance records found.',
      'No toll passes found.',
      'No fuel log found.',
      'No subscription information found for the specified duration.',
      'No items found.',
    ]) {
      assert.include(english.text(), message)
    }

    const turkish = await client.get(`/tr/panel/araclar/${vehicle.id}`).loginAs(user)
    turkish.assertStatus(200)
    for (const message of [
      'Bakım kaydı bulunamadı.',
      'Geçiş kaydı bulunamadı.',
      'Yakıt kaydı bulunamadı.',
      'Belirtilen süre için abonelik bilgisi bulunamadı.',
    ]) {
      assert.include(turkish.text(), message)
    }
  })

  test("another company's vehicle answers 404, for the page and for commands", async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner' })
    const other = await createMember()
    const theirs = await createVehicle(other.company)

    const page = await client.get(`/backend/assets/${theirs.id}`).loginAs(user)
    page.assertStatus(404)
    assert.include(page.text(), 'Page Not Found')

    const command = await client
      .post(`/backend/assets/${theirs.id}/commands`)
      .withCsrfToken()
      .loginAs(user)
      .json({ kind: 'engine_block' })
    command.assertStatus(404)
    assert.lengthOf(await commandRows(theirs.id), 0)
  })

  test('a user below manager may not send commands', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const vehicle = await createVehicle(company)

    const response = await client
      .post(`/backend/assets/${vehicle.id}/commands`)
      .withCsrfToken()
      .loginAs(user)
      .json({ kind: 'engine_block' })
    response.assertStatus(403)
    assert.equal(response.body().error, 'Only managers, admins and owners may send commands.')
    assert.lengthOf(await commandRows(vehicle.id), 0)

    const turkish = await client
      .post(`/tr/panel/araclar/${vehicle.id}/commands`)
      .withCsrfToken()
      .loginAs(user)
      .json({ kind: 'engine_unblock' })
    turkish.assertStatus(403)
    assert.equal(
      turkish.body().error,
      'Komutları yalnızca müdür, yönetici ve sahip rolündeki kullanıcılar gönderebilir.'
    )
    assert.lengthOf(await commandRows(vehicle.id), 0)
  })

  test('a manager queues engine block and custom commands', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'manager' })
    const vehicle = await createVehicle(company)

    const block = await client
      .post(`/backend/assets/${vehicle.id}/commands`)
      .withCsrfToken()
      .loginAs(user)
      .json({ kind: 'engine_block' })
    block.assertStatus(201)
    assert.equal(block.body().status, 'queued')

    const custom = await client
      .post(`/backend/assets/${vehicle.id}/commands`)
      .withCsrfToken()
      .loginAs(user)
      .json({ kind: 'custom', payload: '  getinfo ' })
    custom.assertStatus(201)

    const rows = await commandRows(vehicle.id)
    assert.deepEqual(
      rows.map((row) => [row.kind, row.payload, row.status, row.user_id, row.company_id]),
      [
        ['engine_block', 'engine_block', 'queued', user.id, company.id],
        ['custom', 'getinfo', 'queued', user.id, company.id],
      ]
    )

    const page = await client.get(`/backend/assets/${vehicle.id}`).withInertia().loginAs(user)
    const props = page.inertiaProps as Record<string, any>
    assert.isTrue(props.canSendCommands)
    assert.deepEqual(
      props.commands.map((command: { kind: string; status: string }) => [
        command.kind,
        command.status,
      ]),
      [
        ['custom', 'queued'],
        ['engine_block', 'queued'],
      ]
    )
  })

  test('a custom command needs its text; an unknown kind is refused', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'admin' })
    const vehicle = await createVehicle(company)

    const empty = await client
      .post(`/backend/assets/${vehicle.id}/commands`)
      .withCsrfToken()
      .loginAs(user)
      .accept('json')
      .json({ kind: 'custom', payload: '  ' })
    empty.assertStatus(422)

    const unknown = await client
      .post(`/backend/assets/${vehicle.id}/commands`)
      .withCsrfToken()
      .loginAs(user)
      .accept('json')
      .json({ kind: 'self_destruct' })
    unknown.assertStatus(422)
    assert.lengthOf(await commandRows(vehicle.id), 0)
  })

  test('an Inertia form post flashes the outcome and goes back', async ({ client, assert }) => {
    const { user, company } = await createMember({ role: 'user' })
    const vehicle = await createVehicle(company)
    const refused = await client
      .post(`/backend/assets/${vehicle.id}/commands`)
      .withCsrfToken()
      .withInertia()
      .header('referer', `/backend/assets/${vehicle.id}`)
      .loginAs(user)
      .json({ kind: 'engine_unblock' })
      .redirects(0)
    refused.assertStatus(302)
    assert.equal(
      refused.flashMessages().error,
      'Only managers, admins and owners may send commands.'
    )
    assert.lengthOf(await commandRows(vehicle.id), 0)
  })
})
