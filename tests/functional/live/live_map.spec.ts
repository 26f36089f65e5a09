import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle, setVehicleState } from '#tests/functional/live/live_fixtures'

test.group('Live map page', () => {
  test("the fleet route answers every vehicle of the company with its state, sorted by plate; no other company's", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const [group] = await db
      .table('device_groups')
      .insert({ company_id: company.id, name: 'Vans', created_at: new Date() })
      .returning('id')
    const ten = await createVehicle(company, { plate: '34 AB 10', group_id: group.id })
    const nine = await createVehicle(company, { plate: '34 AB 9' })
    const lastSeen = new Date('2026-11-21T10:00:00.000Z')
    await setVehicleState(ten, company, {
      latitude: 41.0123456,
      longitude: 28.9876543,
      speed: 61.6,
      course: 271.2,
      live_status: 'moving',
      ignition: true,
      last_seen_at: lastSeen,
    })
    const other = await createMember()
    await createVehicle(other.company, { plate: '01 ZZ 1' })

    const page = await client.get('/backend/live').withInertia().loginAs(user)
    page.assertStatus(200)
    page.assertInertiaComponent('live/index')
    const props = page.inertiaProps as Record<string, any>
    assert.notProperty(props, 'vehicles')
    assert.equal(props.fleetUrl, '/backend/live/fleet')

    const response = await client.get(props.fleetUrl).loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(response.body().vehicles, [
      [
        nine.id,
        nine.name,
        '34 AB 9',
        nine.imei,
        null,
        null,
        null,
        null,
        0,
        0,
        'offline',
        null,
        null,
      ],
      [
        ten.id,
        ten.name,
        '34 AB 10',
        ten.imei,
        group.id,
        null,
        41.01235,
        28.98765,
        62,
        271,
        'moving',
        true,
        lastSeen.getTime(),
      ],
    ])
    assert.deepEqual(props.groups, [{ id: group.id, name: 'Vans' }])
    assert.equal(props.map.defaultLayer, 'osm')
    assert.property(props.map.layers, 'topo')
  })

  test('is server-rendered in Turkish, the map itself left to the browser', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    await createVehicle(company, { plate: '06 TR 06' })
    const response = await client.get('/tr/panel/canli-takip').loginAs(user)
    response.assertStatus(200)
    assert.include(response.text(), 'data-server-rendered="true"')
    assert.notInclude(response.text(), '06 TR 06')
    assert.include(response.text(), 'Harita yükleniyor…')
    assert.include(response.text(), 'Araçlar yükleniyor…')
    assert.include(response.text(), 'aria-busy="true"')
    assert.include(
      response.text(),
      '<link rel="preload" as="fetch" href="/tr/panel/canli-takip/fleet" crossorigin="use-credentials"'
    )
    assert.notInclude(response.text(), 'leaflet-container')
  })

  test("another company's user gets their own fleet, not this one's", async ({
    client,
    assert,
  }) => {
    const { company } = await createMember()
    await createVehicle(company, { plate: '34 MINE 1' })
    const other = await createMember()
    const theirs = await createVehicle(other.company, { plate: '06 THEIRS 1' })

    const response = await client.get('/backend/live/fleet').loginAs(other.user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().vehicles.map((row: unknown[]) => [row[0], row[2]]),
      [[theirs.id, '06 THEIRS 1']]
    )
  })

  test('the fleet is gzipped for a client that accepts it; a guest is sent to sign in', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember()
    for (let index = 0; index < 20; index++) {
      await createVehicle(company, { plate: `34 GZ ${index}` })
    }
    const response = await client
      .get('/backend/live/fleet')
      .header('accept-encoding', 'gzip')
      .loginAs(user)
    response.assertStatus(200)
    response.assertHeader('content-encoding', 'gzip')
    assert.lengthOf(response.body().vehicles, 20)

    const guest = await client.get('/backend/live/fleet').redirects(0)
    guest.assertStatus(302)
  })

  test("a vehicle's popup asks for its place by name: the zone first, else the town; another company's is a 404", async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'user' })
    const inZone = await createVehicle(company, { plate: '34 PL 1' })
    const inTown = await createVehicle(company, { plate: '34 PL 2' })
    const nowhere = await createVehicle(company, { plate: '34 PL 3' })
    await setVehicleState(inZone, company, { latitude: 41.0, longitude: 29.0 })
    // Kadıköy, about 3 km from the zone.
    await setVehicleState(inTown, company, { latitude: 40.9903, longitude: 29.0291 })
    await db.table('geofences').insert({
      company_id: company.id,
      name: 'Depo Tuzla',
      shape: JSON.stringify({ type: 'circle', center: [41, 29], radius: 300 }),
      created_at: new Date(),
    })

    const zone = await client.get(`/backend/assets/${inZone.id}/place`).loginAs(user)
    zone.assertStatus(200)
    assert.equal(zone.body().place, 'Depo Tuzla')
    assert.include(zone.body().playback, `deviceId=${inZone.id}`)
    assert.match(zone.body().playback, /at=\d{4}-\d{2}-\d{2}T/)

    const town = await client.get(`/tr/panel/araclar/${inTown.id}/place`).loginAs(user)
    town.assertStatus(200)
    // In Turkish: the nearest town with the distance and direction (docs/geocoding.md).
    assert.equal(town.body().place, 'Salacak, Istanbul (3,1 km GD)')

    const none = await client.get(`/backend/assets/${nowhere.id}/place`).loginAs(user)
    none.assertStatus(200)
    assert.deepEqual(none.body(), { place: null, playback: null })

    const other = await createMember()
    const foreign = await client.get(`/backend/assets/${inZone.id}/place`).loginAs(other.user)
    foreign.assertStatus(404)
  })
})
