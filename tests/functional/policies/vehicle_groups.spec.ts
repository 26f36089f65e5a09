import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'
import { createApiToken } from '#services/integrations/api_tokens'
import User from '#models/user'
import type Company from '#models/company'
import type { TeamRole } from '#enums/team_role'

async function deviceGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return row.id as number
}

async function fuelEntry(companyId: number, deviceId: number, supplier: string) {
  const [row] = await db
    .table('fuel_entries')
    .insert({
      company_id: companyId,
      device_id: deviceId,
      entry_date: '2026-11-20',
      litres: 40,
      supplier,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

/** A company with a North and a South vehicle, each with a fuel entry. */
async function twoRegions() {
  const owner = await createMember({ role: 'owner' })
  const north = await deviceGroup(owner.company.id, 'North')
  const south = await deviceGroup(owner.company.id, 'South')
  const northVan = await createVehicle(owner.company, { name: 'North van', group_id: north })
  const southVan = await createVehicle(owner.company, { name: 'South van', group_id: south })
  const northFuel = await fuelEntry(owner.company.id, northVan.id, 'North Petrol')
  const southFuel = await fuelEntry(owner.company.id, southVan.id, 'South Petrol')
  return { ...owner, north, south, northVan, southVan, northFuel, southFuel }
}

let sequence = 0
async function limitedMember(company: Company, role: TeamRole, groups: number[] | null) {
  sequence++
  const user = await User.create({
    email: `groups-${role}-${sequence}-${Date.now()}@example.com`,
    password: 'secret-password',
  })
  const membership = await addMember(company, user, role)
  await db
    .from('team_members')
    .where('id', membership.id)
    .update({ device_group_ids: groups === null ? null : JSON.stringify(groups) })
  return user
}

const json = (client: any, user: User, url: string) =>
  client.get(url).header('accept', 'application/json').loginAs(user)

test.group('Visibility by vehicle group', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member limited to a group sees only its vehicles on every table surface', async ({
    client,
    assert,
  }) => {
    const { company, north, northVan, southVan, southFuel } = await twoRegions()
    const member = await limitedMember(company, 'manager', [north])

    const vehicles = await json(client, member, '/backend/fleet/devices/data?fields=name')
    assert.deepEqual(
      vehicles.body().data.map((row: { name: string }) => row.name),
      ['North van']
    )
    const fuel = await json(client, member, '/backend/fleet/fuel-log/data?fields=supplier')
    assert.deepEqual(
      fuel.body().data.map((row: { supplier: string }) => row.supplier),
      ['North Petrol']
    )
    const csv = await client.get('/tr/panel/filo/yakit-kaydi/export?format=csv').loginAs(member)
    csv.assertStatus(200)
    assert.include(csv.text(), 'North Petrol')
    assert.notInclude(csv.text(), 'South Petrol')

    // Another group's record is not there for them: the same 404 as another company's
    ;(await json(client, member, `/backend/fleet/fuel-log/data/${southFuel}`)).assertStatus(404)
    ;(await json(client, member, `/backend/fleet/devices/data/${southVan.id}`)).assertStatus(404)
    ;(await json(client, member, `/backend/fleet/devices/data/${northVan.id}`)).assertStatus(200)

    const page = await client.get('/backend/fleet/fuel-log').loginAs(member).withInertia()
    assert.deepEqual(
      (page.inertiaProps.vehicles as { name: string }[]).map((vehicle) => vehicle.name),
      ['North van']
    )
  })

  test('owners and admins see every vehicle whatever groups they carry', async ({
    client,
    assert,
  }) => {
    const { company, north } = await twoRegions()
    const admin = await limitedMember(company, 'admin', [north])
    const all = await json(client, admin, '/backend/fleet/devices/data?fields=name&sort=name')
    assert.deepEqual(
      all.body().data.map((row: { name: string }) => row.name),
      ['North van', 'South van']
    )
    const unlimited = await limitedMember(company, 'user', null)
    const fuel = await json(client, unlimited, '/backend/fleet/fuel-log/data?fields=supplier')
    assert.lengthOf(fuel.body().data, 2)
  })

  test('an API token made by a limited member reads only their vehicles', async ({
    client,
    assert,
  }) => {
    const { company, south } = await twoRegions()
    const member = await limitedMember(company, 'manager', [south])
    const { token } = await createApiToken(company.id, 'ERP', member.id)
    const devices = await client.get('/api/v1/devices').header('authorization', `Bearer ${token}`)
    devices.assertStatus(200)
    assert.deepEqual(
      devices.body().data.map((row: { name: string }) => row.name),
      ['South van']
    )
  })

  test("the write API of a limited member's token: other groups' records are a 404", async ({
    client,
    assert,
  }) => {
    const { company, south, northFuel, southVan, southFuel } = await twoRegions()
    const member = await limitedMember(company, 'manager', [south])
    const { token } = await createApiToken(company.id, 'ERP', member.id, ['fuel-entries:write'])
    const call = <T extends { header(name: string, value: string): T }>(request: T) =>
      request.header('authorization', `Bearer ${token}`)
    const list = await call(client.get('/api/v1/fuel-entries?fields=supplier'))
    assert.deepEqual(
      list.body().data.map((row: { supplier: string }) => row.supplier),
      ['South Petrol']
    )
    ;(await call(client.get(`/api/v1/fuel-entries/${southFuel}`))).assertStatus(200)
    ;(await call(client.get(`/api/v1/fuel-entries/${northFuel}`))).assertStatus(404)
    ;(
      await call(client.patch(`/api/v1/fuel-entries/${northFuel}`).json({ litres: 1 }))
    ).assertStatus(404)
    ;(await call(client.delete(`/api/v1/fuel-entries/${northFuel}`))).assertStatus(404)
    assert.equal(Number((await db.from('fuel_entries').where('id', northFuel).first()).litres), 40)
    ;(
      await call(
        client
          .post('/api/v1/fuel-entries')
          .json({ entry_date: '2026-11-21', device_id: southVan.id, litres: 12 })
      )
    ).assertStatus(201)
  })
})
