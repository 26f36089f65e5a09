import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { createMember, inputErrors } from '#tests/helpers/accounts'
import { addMember } from '#actions/accounts/team_membership'
import User from '#models/user'
import type Company from '#models/company'
import type { TeamRole } from '#enums/team_role'

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
