import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import CompanySetting from '#models/company_setting'
import { addMember } from '#actions/accounts/team_membership'
import { createMember } from '#tests/helpers/accounts'
import { createVehicle } from '#tests/functional/live/live_fixtures'

const pages = ['/backend/fleet/renewals', '/tr/panel/filo/yenilemeler']
const today = DateTime.utc().toISODate()!
const day = (days: number) => DateTime.fromISO(today).plus({ days }).toISODate()!

async function deviceGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return row.id as number
}

async function renewalDays(companyId: number, days: number | null) {
  await CompanySetting.of(companyId)
  await db
    .from('company_settings')
    .where('company_id', companyId)
    .update({ renewal_reminder_days: days, maintenance_reminder_days: 60 })
}

/** Issue 30, point 2: the renewals page and the dashboard card. */
test.group('Renewals page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('lists overdue and upcoming renewals within the company days, soonest first, with days left', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    await renewalDays(company.id, 30)
    await createVehicle(company, {
      name: 'Van 1',
      plate: '34 RN 1',
      inspection_date: day(10),
      exhaust_date: day(45),
    })
    const truck = await createVehicle(company, { name: 'Truck', exhaust_date: day(-3) })
    await db.table('insurances').insert({
      company_id: company.id,
      device_id: truck.id,
      policy_number: 'P-1',
      start_date: day(-300),
      end_date: day(20),
      created_at: new Date(),
      updated_at: new Date(),
    })
    await db.table('drivers').insert({
      company_id: company.id,
      name: 'Ayşe Driver',
      licence_expiry_date: day(2),
      created_at: new Date(),
      updated_at: new Date(),
    })
    // Another company's renewal is never shown.
    const other = await createMember({ role: 'owner' })
    await createVehicle(other.company, { name: 'Foreign van', inspection_date: day(1) })

    const json = await client.get(pages[0]).loginAs(user).header('accept', 'application/json')
    json.assertStatus(200)
    const body = json.body()
    assert.equal(body.reminderDays, 30)
    assert.deepEqual(
      body.renewals.map((row: any) => [row.kind, row.subject, row.daysLeft]),
      [
        ['exhaust', 'Truck', -3],
        ['driver_licence', 'Ayşe Driver', 2],
        ['inspection', 'Van 1 (34 RN 1)', 10],
        ['insurance', 'Truck', 20],
      ]
    )

    const overdue = await client
      .get(`${pages[0]}?status=overdue`)
      .loginAs(user)
      .header('accept', 'application/json')
    assert.deepEqual(
      overdue.body().renewals.map((row: any) => row.kind),
      ['exhaust']
    )
    const wider = await client
      .get(`${pages[0]}?kind=exhaust&withinDays=60`)
      .loginAs(user)
      .header('accept', 'application/json')
    assert.deepEqual(
      wider.body().renewals.map((row: any) => [row.subject, row.daysLeft]),
      [
        ['Truck', -3],
        ['Van 1 (34 RN 1)', 45],
      ]
    )

    for (const [index, path] of pages.entries()) {
      const page = await client.get(path).loginAs(user).withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent('fleet/renewals')
      assert.lengthOf(page.inertiaProps.renewals, 4)
      assert.equal(
        page.inertiaProps.messages['renewals.page.kinds.inspection'],
        index === 0 ? 'Periodic inspection' : 'Periyodik muayene'
      )
    }

    const dashboard = await client.get('/backend').loginAs(user).header('x-inertia', 'true')
    const props = dashboard.body().props
    assert.deepEqual(
      props.renewalsDue.map((row: any) => row.subject),
      ['Truck', 'Ayşe Driver', 'Van 1 (34 RN 1)', 'Truck']
    )
  })

  test('the company days fall back to the maintenance interval; a bad filter answers 422', async ({
    client,
    assert,
  }) => {
    const { user, company } = await createMember({ role: 'owner' })
    await renewalDays(company.id, null)
    await createVehicle(company, { name: 'Van 2', inspection_date: day(50) })
    const json = await client.get(pages[0]).loginAs(user).header('accept', 'application/json')
    assert.equal(json.body().reminderDays, 60)
    assert.lengthOf(json.body().renewals, 1)
    const bad = await client
      .get(`${pages[0]}?kind=boat`)
      .loginAs(user)
      .header('accept', 'application/json')
    bad.assertStatus(422)
  })

  test('a member limited to vehicle groups sees only their vehicles’ renewals', async ({
    client,
    assert,
  }) => {
    const { company } = await createMember({ role: 'owner' })
    const north = await deviceGroup(company.id, 'North')
    const south = await deviceGroup(company.id, 'South')
    await createVehicle(company, { name: 'North van', group_id: north, inspection_date: day(3) })
    await createVehicle(company, { name: 'South van', group_id: south, inspection_date: day(4) })
    const member = await User.create({
      email: `renewals-${Date.now()}@example.com`,
      password: 'secret-password',
      emailVerifiedAt: DateTime.now(),
    })
    const membership = await addMember(company, member, 'user')
    await db
      .from('team_members')
      .where('id', membership.id)
      .update({ device_group_ids: JSON.stringify([north]) })
    const json = await client.get(pages[0]).loginAs(member).header('accept', 'application/json')
    json.assertStatus(200)
    assert.deepEqual(
      json.body().renewals.map((row: any) => row.subject),
      ['North van']
    )
  })
})
