import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'
import { addMember } from '#actions/accounts/team_membership'
import User from '#models/user'
import type Company from '#models/company'
import type { TeamRole } from '#enums/team_role'

/** The personal fields of issue 27 and a value of each that no other column holds. */
const personal = {
  birth_date: '1981-04-17',
  licence_number: 'LIC-PERSONAL-9431',
  phone: '+90 555 731 2209',
  blood_type: 'AB-',
  emergency_contact_name: 'Emergency Ayşe Kaya',
  emergency_contact_phone: '+90 555 188 4410',
}
const personalFields = Object.keys(personal)
/** The values an export writes as stored (dates and blood types are formatted). */
const personalValues = [
  personal.licence_number,
  personal.phone,
  personal.emergency_contact_name,
  personal.emergency_contact_phone,
]

async function companyWithDriver() {
  const owner = await createMember({ role: 'owner' })
  const [driver] = await db
    .table('drivers')
    .insert({
      company_id: owner.company.id,
      name: 'Personal Driver',
      status: 'active',
      card_id: 'CARD-1',
      ...personal,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
  const vehicle = await createVehicle(owner.company, { driver_id: driver.id })
  return { ...owner, driverId: driver.id as number, vehicleId: vehicle.id }
}

let sequence = 0
async function memberOf(company: Company, role: TeamRole) {
  sequence++
  const user = await User.create({
    email: `personal-${role}-${sequence}-${Date.now()}@example.com`,
    password: 'secret-password',
  })
  await addMember(company, user, role)
  return user
}

/** Every way a member reads drivers: page, data, one record, CSV export (both languages), vehicle page. */
async function everyFormat(client: any, user: User, driverId: number, vehicleId: number) {
  const page = await client.get('/backend/fleet/drivers').loginAs(user).withInertia()
  const data = await client
    .get('/backend/fleet/drivers/data')
    .header('accept', 'application/json')
    .loginAs(user)
  const record = await client
    .get(`/backend/fleet/drivers/data/${driverId}`)
    .header('accept', 'application/json')
    .loginAs(user)
  const csv = await client
    .get(`/backend/fleet/drivers/export?format=csv&fields=name,${personalFields.join(',')}`)
    .loginAs(user)
  const defaultCsv = await client.get('/tr/panel/filo/suruculer/export?format=csv').loginAs(user)
  const vehicle = await client.get(`/backend/assets/${vehicleId}`).loginAs(user).withInertia()
  return { page, data, record, csv, defaultCsv, vehicle }
}

test.group('Drivers personal data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const role of ['manager', 'user'] as const) {
    test(`a ${role} without the HR right gets no personal field in any format`, async ({
      client,
      assert,
    }) => {
      const { company, driverId, vehicleId } = await companyWithDriver()
      const user = await memberOf(company, role)
      const { page, data, record, csv, defaultCsv, vehicle } = await everyFormat(
        client,
        user,
        driverId,
        vehicleId
      )

      page.assertStatus(200)
      const resource = page.inertiaProps.resource as { columns: { name: string }[] }
      const columns = JSON.stringify(page.inertiaProps)
      for (const field of personalFields) {
        assert.notInclude(columns, `"${field}"`, `page: ${field}`)
      }
      assert.isAbove(resource.columns.length, 0)

      data.assertStatus(200)
      const row = data.body().data[0]
      assert.equal(row.name, 'Personal Driver')
      for (const field of personalFields) assert.notProperty(row, field)

      record.assertStatus(200)
      for (const field of personalFields) assert.notProperty(record.body(), field)

      // Asking for a personal column by name is a column that does not exist for them
      csv.assertStatus(422)
      defaultCsv.assertStatus(200)
      for (const value of personalValues) assert.notInclude(defaultCsv.text(), value)

      const driverCard = vehicle.inertiaProps.driver as Record<string, unknown>
      assert.equal(driverCard.name, 'Personal Driver')
      for (const key of ['phone', 'licenceNumber', 'bloodType', 'emergencyContactPhone']) {
        assert.notProperty(driverCard, key)
      }

      const hrReports = await client
        .get('/backend/fleet/hr-reports')
        .header('accept', 'application/json')
        .loginAs(user)
      hrReports.assertStatus(403)
    })
  }

  test('owners and admins read them; the HR right given to a role opens them to it', async ({
    client,
    assert,
  }) => {
    const { company, user: owner, driverId, vehicleId } = await companyWithDriver()
    const admin = await memberOf(company, 'admin')
    const { data, csv, vehicle } = await everyFormat(client, admin, driverId, vehicleId)
    assert.equal(data.body().data[0].phone, personal.phone)
    csv.assertStatus(200)
    for (const value of personalValues) assert.include(csv.text(), value)
    assert.equal((vehicle.inertiaProps.driver as any).bloodType, personal.blood_type)

    const member = await memberOf(company, 'user')
    const before = await client
      .get(`/backend/fleet/drivers/data?fields=name,blood_type`)
      .header('accept', 'application/json')
      .loginAs(member)
    before.assertStatus(422)

    const grant = await client
      .put('/backend/account/menu-permissions')
      .withCsrfToken()
      .loginAs(owner)
      .header('referer', '/backend/account/menu-permissions')
      .form({ scope: 'role', role: 'user', hr_access: true })
      .redirects(0)
    grant.assertFlashMessage('success', 'Form submitted successfully.')

    const after = await client
      .get(`/backend/fleet/drivers/data?fields=name,blood_type`)
      .header('accept', 'application/json')
      .loginAs(member)
    after.assertStatus(200)
    assert.equal(after.body().data[0].blood_type, personal.blood_type)
    const hr = await client.get('/backend/fleet/hr-reports').loginAs(member).withInertia()
    hr.assertStatus(200)

    const settings = await client
      .get('/backend/account/menu-permissions')
      .loginAs(owner)
      .withInertia()
    const roles = settings.inertiaProps.roles as { role: string; hrAccess: boolean }[]
    assert.deepEqual(
      roles.map((entry) => [entry.role, entry.hrAccess]),
      [
        ['owner', true],
        ['admin', true],
        ['manager', false],
        ['user', true],
      ]
    )
  })

  test('a manager without the HR right edits a driver without erasing the personal fields', async ({
    client,
    assert,
  }) => {
    const { company, driverId } = await companyWithDriver()
    const manager = await memberOf(company, 'manager')
    const response = await client
      .put(`/backend/fleet/drivers/${driverId}`)
      .withCsrfToken()
      .loginAs(manager)
      .header('referer', '/backend/fleet/drivers')
      .form({ name: 'Renamed Driver', status: 'active', birth_date: '2000-01-01' })
      .redirects(0)
    response.assertFlashMessage('success', 'Record updated successfully!')
    const stored = await db.from('drivers').where('id', driverId).firstOrFail()
    assert.equal(stored.name, 'Renamed Driver')
    assert.equal(stored.phone, personal.phone)
    assert.equal(stored.blood_type, personal.blood_type)
  })
})
