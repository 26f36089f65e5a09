import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember } from '#tests/helpers/accounts'
import { addMember } from '#actions/accounts/team_membership'
import User from '#models/user'

async function deviceGroup(companyId: number, name: string) {
  const [row] = await db
    .table('device_groups')
    .insert({ company_id: companyId, name, created_at: new Date(), updated_at: new Date() })
    .returning('id')
  return row.id as number
}

const storedGroups = async (membershipId: number) =>
  (await db.from('team_members').where('id', membershipId).first()).device_group_ids

test.group('Setting a member’s vehicle groups', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an admin limits a member to groups and lifts it again; the page shows them', async ({
    client,
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const north = await deviceGroup(company.id, 'North')
    const admin = await User.create({ email: `groups-admin-${Date.now()}@example.com` })
    await addMember(company, admin, 'admin')
    const driver = await User.create({ email: `groups-user-${Date.now()}@example.com` })
    const membership = await addMember(company, driver, 'user')

    const saved = await client
      .put(`/backend/account/team-members/${membership.id}/vehicle-groups`)
      .withCsrfToken()
      .header('referer', '/backend/account/team-members')
      .json({ deviceGroupIds: [north] })
      .loginAs(admin)
    saved.assertStatus(200)
    assert.deepEqual(await storedGroups(membership.id), [north])

    const page = await client.get('/tr/panel/hesap/ekip-uyeleri').loginAs(owner).withInertia()
    assert.deepEqual(page.inertiaProps.deviceGroups, [{ id: north, name: 'North' }])
    const row = (page.inertiaProps.members as { id: number; deviceGroupIds: number[] }[]).find(
      (member) => member.id === membership.id
    )
    assert.deepEqual(row?.deviceGroupIds, [north])

    await client
      .put(`/backend/account/team-members/${membership.id}/vehicle-groups`)
      .withCsrfToken()
      .json({ deviceGroupIds: [] })
      .loginAs(owner)
    assert.isNull(await storedGroups(membership.id))
  })

  test('another company’s group is refused in both languages, nothing changed', async ({
    client,
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const other = await createMember({ role: 'owner' })
    const foreign = await deviceGroup(other.company.id, 'Foreign')
    const member = await User.create({ email: `groups-u-${Date.now()}@example.com` })
    const membership = await addMember(company, member, 'user')
    const en = await client
      .put(`/backend/account/team-members/${membership.id}/vehicle-groups`)
      .header('accept', 'application/json')
      .withCsrfToken()
      .json({ deviceGroupIds: [foreign] })
      .loginAs(owner)
    en.assertStatus(422)
    assert.include(en.text(), 'Choose vehicle groups of this company.')
    const tr = await client
      .put(`/tr/panel/hesap/ekip-uyeleri/${membership.id}/vehicle-groups`)
      .header('accept', 'application/json')
      .withCsrfToken()
      .json({ deviceGroupIds: [foreign] })
      .loginAs(owner)
    tr.assertStatus(422)
    assert.include(tr.text(), 'Bu şirketin araç gruplarından seçin.')
    assert.isNull(await storedGroups(membership.id))
  })

  test('another company’s member answers 404; a manager may not set groups', async ({
    client,
    assert,
  }) => {
    const { user: owner, company } = await createMember({ role: 'owner' })
    const north = await deviceGroup(company.id, 'North')
    const other = await createMember({ role: 'owner' })
    ;(
      await client
        .put(`/backend/account/team-members/${other.membership.id}/vehicle-groups`)
        .header('accept', 'application/json')
        .withCsrfToken()
        .json({ deviceGroupIds: [] })
        .loginAs(owner)
    ).assertStatus(404)

    const manager = await User.create({ email: `groups-m-${Date.now()}@example.com` })
    await addMember(company, manager, 'manager')
    const user = await User.create({ email: `groups-x-${Date.now()}@example.com` })
    const membership = await addMember(company, user, 'user')
    ;(
      await client
        .put(`/backend/account/team-members/${membership.id}/vehicle-groups`)
        .header('accept', 'application/json')
        .withCsrfToken()
        .json({ deviceGroupIds: [north] })
        .loginAs(manager)
    ).assertStatus(403)
    assert.isNull(await storedGroups(membership.id))
  })
})
