import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { addMember } from '#actions/accounts/team_membership'
import User from '#models/user'
import type Company from '#models/company'
import type { TeamRole } from '#enums/team_role'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { vehicleCheckItems } from '#shared/vehicle_check'

const DRIVERS = '/backend/fleet/drivers'

let sequence = 0
async function memberOf(company: Company, role: TeamRole, fullName: string | null) {
  sequence++
  const user = await User.create({
    email: `driver-member-${sequence}-${Date.now()}@example.com`,
    password: 'secret-password',
    fullName,
  })
  await addMember(company, user, role)
  return user
}

async function driver(companyId: number, name: string, userId: number | null = null) {
  const [row] = await db
    .table('drivers')
    .insert({
      company_id: companyId,
      name,
      status: 'active',
      user_id: userId,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

function saveDriver(client: any, user: User, id: number, body: Record<string, unknown>) {
  return client
    .put(`${DRIVERS}/${id}`)
    .withCsrfToken()
    .loginAs(user)
    .header('referer', DRIVERS)
    .json({ name: 'Linked Driver', status: 'active', ...body })
    .redirects(0)
}

test.group('Linking a driver to a member', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the driver form lists the company's members, never another company's users", async ({
    client,
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner', name: 'Olga Owner' })
    const colleague = await memberOf(company, 'user', 'Deniz Driver')
    const unnamed = await memberOf(company, 'user', null)
    const other = await createMember({ role: 'owner', name: 'Stranger Owner' })

    const page = await client.get(DRIVERS).loginAs(owner).withInertia()
    page.assertStatus(200)
    const form = (page.inertiaProps.resource as { form: { name: string; kind: string }[] }).form
    assert.deepInclude(
      form.map((field) => [field.name, field.kind]),
      ['user_id', 'reference']
    )
    const choices = (page.inertiaProps.lookups as Record<string, { id: number; name: string }[]>)
      .user_id
    assert.sameMembers(
      choices.map((choice) => choice.id),
      [owner.id, colleague.id, unnamed.id]
    )
    assert.deepInclude(choices, { id: colleague.id, name: 'Deniz Driver' })
    // A member without a name is shown by their e-mail address
    assert.deepInclude(choices, { id: unnamed.id, name: unnamed.email })
    assert.notInclude(JSON.stringify(choices), 'Stranger Owner')
    assert.notInclude(
      choices.map((choice) => choice.id),
      other.user.id
    )
  })

  test('a member is linked and shown; another company user is refused (en, tr)', async ({
    client,
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const colleague = await memberOf(company, 'user', 'Deniz Driver')
    const other = await createMember({ role: 'owner', name: 'Stranger Owner' })
    const id = await driver(company.id, 'Linked Driver')

    const saved = await saveDriver(client, owner, id, { user_id: colleague.id })
    saved.assertFlashMessage('success', 'Record updated successfully!')
    const stored = await db.from('drivers').where('id', id).first()
    assert.equal(stored.user_id, colleague.id)

    const data = await client
      .get(`${DRIVERS}/data?fields=name,member`)
      .header('accept', 'application/json')
      .loginAs(owner)
    data.assertStatus(200)
    assert.deepInclude(data.body().data, { id, name: 'Linked Driver', member: 'Deniz Driver' })
    const record = await client
      .get(`${DRIVERS}/data/${id}`)
      .header('accept', 'application/json')
      .loginAs(owner)
    assert.equal(record.body().user_id, colleague.id)

    const refused = await saveDriver(client, owner, id, { user_id: other.user.id })
    assert.lengthOf(inputErrors(refused).user_id ?? [], 1)
    const trRefused = await client
      .put(`/tr/panel/filo/suruculer/${id}`)
      .withCsrfToken()
      .loginAs(owner)
      .header('referer', '/tr/panel/filo/suruculer')
      .json({ name: 'Linked Driver', status: 'active', user_id: other.user.id })
      .redirects(0)
    assert.lengthOf(inputErrors(trRefused).user_id ?? [], 1)
    assert.notEqual(inputErrors(trRefused).user_id[0], inputErrors(refused).user_id[0])
    assert.equal((await db.from('drivers').where('id', id).first()).user_id, colleague.id)

    // Unlinked again
    const cleared = await saveDriver(client, owner, id, { user_id: null })
    cleared.assertFlashMessage('success', 'Record updated successfully!')
    assert.isNull((await db.from('drivers').where('id', id).first()).user_id)
  })

  test('a user who left the company is not shown as the driver member', async ({
    client,
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const leaver = await memberOf(company, 'user', 'Left Already')
    const id = await driver(company.id, 'Linked Driver', leaver.id)
    await db.from('team_members').where('user_id', leaver.id).delete()

    const data = await client
      .get(`${DRIVERS}/data?fields=name,member`)
      .header('accept', 'application/json')
      .loginAs(owner)
    data.assertStatus(200)
    assert.deepInclude(data.body().data, { id, name: 'Linked Driver', member: null })
  })
})

/** A personal value of each driver that no other column holds. */
const OWN_PHONE = '+90 555 404 0101'
const OTHER_PHONE = '+90 555 909 0202'
const OTHER_LICENCE = 'LIC-OTHER-5521'

async function deviceGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return row.id as number
}

async function vehicleCheck(companyId: number, deviceId: number, driverId: number | null) {
  const scores = Object.fromEntries(vehicleCheckItems.map((item) => [item, 4]))
  const [row] = await db
    .table('vehicle_checks')
    .insert({
      company_id: companyId,
      device_id: deviceId,
      driver_id: driverId,
      check_date: '2026-11-20',
      type: 'daily',
      ...scores,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  return row.id as number
}

/**
 * A company with two drivers, each with personal data and a vehicle in a group of its own:
 * `me` is the driver who is the member `user` (role user, no HR right, limited to the other
 * driver's group when `limited`).
 */
async function driverAndColleague(limited = false) {
  const { user: owner, company } = await createMember({ role: 'owner' })
  const user = await memberOf(company, 'user', 'Me The Driver')
  const mine = await deviceGroup(company.id, 'Mine')
  const theirs = await deviceGroup(company.id, 'Theirs')
  const me = await driver(company.id, 'Me Driver', user.id)
  const colleague = await driver(company.id, 'Colleague Driver')
  await db.from('drivers').where('id', me).update({ phone: OWN_PHONE, birth_date: '1980-01-02' })
  await db
    .from('drivers')
    .where('id', colleague)
    .update({ phone: OTHER_PHONE, licence_number: OTHER_LICENCE, birth_date: '1975-05-06' })
  const myVan = await createVehicle(company, { name: 'My van', group_id: mine, driver_id: me })
  const theirVan = await createVehicle(company, {
    name: 'Their van',
    group_id: theirs,
    driver_id: colleague,
  })
  if (limited) {
    await db
      .from('team_members')
      .where('user_id', user.id)
      .update({ device_group_ids: JSON.stringify([theirs]) })
  }
  return { owner, user, company, me, colleague, myVan, theirVan }
}

const json = (client: any, user: User, url: string) =>
  client.get(url).header('accept', 'application/json').loginAs(user)

test.group("A driver's own member", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('reads the personal fields of their own record, nobody else’s, in every format', async ({
    client,
    assert,
  }) => {
    const { user, me, colleague, myVan, theirVan } = await driverAndColleague()
    const fields = 'fields=name,phone,licence_number,birth_date'

    const page = await client.get(`${DRIVERS}?${fields}`).loginAs(user).withInertia()
    page.assertStatus(200)
    const pageRows = (page.inertiaProps.initial as { data: Record<string, unknown>[] }).data
    const ownRow = pageRows.find((row) => row.id === me)!
    assert.equal(ownRow.phone, OWN_PHONE)
    assert.match(String(ownRow.birth_date), /^1980-01-0[12]/)
    assert.deepInclude(pageRows, {
      id: colleague,
      name: 'Colleague Driver',
      phone: null,
      licence_number: null,
      birth_date: null,
    })

    const data = await json(client, user, `${DRIVERS}/data?${fields}`)
    data.assertStatus(200)
    const ownData = data.body().data.find((row: { id: number }) => row.id === me)
    assert.equal(ownData.phone, OWN_PHONE)
    assert.match(String(ownData.birth_date), /^1980-01-0[12]/)
    assert.deepInclude(data.body().data, {
      id: colleague,
      name: 'Colleague Driver',
      phone: null,
      licence_number: null,
      birth_date: null,
    })
    assert.notInclude(data.text(), OTHER_PHONE)

    // A filter, a search or a sort on a personal column reveals nothing of others
    const filtered = await json(
      client,
      user,
      `${DRIVERS}/data?${fields}&filter[phone]=eq:${encodeURIComponent(OTHER_PHONE)}`
    )
    filtered.assertStatus(200)
    assert.lengthOf(filtered.body().data, 0)
    const searched = await json(
      client,
      user,
      `${DRIVERS}/data?q=${encodeURIComponent(OTHER_LICENCE)}`
    )
    assert.lengthOf(searched.body().data, 0)

    for (const path of [DRIVERS, '/tr/panel/filo/suruculer']) {
      const csv = await client.get(`${path}/export?format=csv&${fields}`).loginAs(user)
      csv.assertStatus(200)
      assert.include(csv.text(), OWN_PHONE)
      assert.include(csv.text(), 'Colleague Driver')
      assert.notInclude(csv.text(), OTHER_PHONE)
      assert.notInclude(csv.text(), OTHER_LICENCE)
    }

    // The vehicle page's driver card: their own in full, a colleague's without personal data
    const own = await client.get(`/backend/assets/${myVan.id}`).loginAs(user).withInertia()
    assert.equal((own.inertiaProps.driver as Record<string, unknown>).phone, OWN_PHONE)
    const other = await client.get(`/backend/assets/${theirVan.id}`).loginAs(user).withInertia()
    assert.notProperty(other.inertiaProps.driver as Record<string, unknown>, 'phone')
  })

  test('a member who is no driver still gets no personal column', async ({ client }) => {
    const { company } = await driverAndColleague()
    const stranger = await memberOf(company, 'user', 'Not A Driver')
    const data = await json(client, stranger, `${DRIVERS}/data?fields=name,phone`)
    data.assertStatus(422)
  })

  test('limited to other vehicle groups, they still see their own record and checks', async ({
    client,
    assert,
  }) => {
    const { user, company, me, colleague, myVan, theirVan } = await driverAndColleague(true)
    const data = await json(client, user, `${DRIVERS}/data?fields=name,phone`)
    data.assertStatus(200)
    assert.sameMembers(
      data.body().data.map((row: { id: number }) => row.id),
      [me, colleague]
    )
    assert.deepInclude(data.body().data, { id: me, name: 'Me Driver', phone: OWN_PHONE })
    const record = await json(client, user, `${DRIVERS}/data/${me}`)
    record.assertStatus(200)

    const myCheck = await vehicleCheck(company.id, myVan.id, me)
    const strangersCheck = await vehicleCheck(company.id, myVan.id, null)
    const theirCheck = await vehicleCheck(company.id, theirVan.id, colleague)
    const checks = await json(client, user, '/backend/fleet/vehicle-check/data')
    checks.assertStatus(200)
    assert.sameMembers(
      checks.body().data.map((row: { id: number }) => row.id),
      [myCheck, theirCheck]
    )
    ;(await json(client, user, `/backend/fleet/vehicle-check/data/${myCheck}`)).assertStatus(200)
    ;(await json(client, user, `/backend/fleet/vehicle-check/data/${strangersCheck}`)).assertStatus(
      404
    )
  })
})
