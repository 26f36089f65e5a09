import { test } from '@japa/runner'
import TeamMember from '#models/team_member'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { createMember } from '#tests/helpers/accounts'

/**
 * A user of company A must never reach company B's records: every route that
 * takes an id answers 404 for another company's id and changes nothing.
 */
test.group('Tenancy isolation', () => {
  test("another company's team member answers 404 on every member route", async ({
    client,
    assert,
  }) => {
    const a = await createMember({ role: 'owner' })
    const b = await createMember({ role: 'owner' })
    const colleague = await User.create({
      email: `b-colleague-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    const victim = await addMember(b.company, colleague, 'user')

    const update = await client
      .put(`/backend/account/team-members/${victim.id}`)
      .withCsrfToken()
      .loginAs(a.user)
      .form({ role: 'admin' })
    update.assertStatus(404)

    const remove = await client
      .delete(`/tr/panel/hesap/ekip-uyeleri/${victim.id}`)
      .withCsrfToken()
      .loginAs(a.user)
    remove.assertStatus(404)

    await victim.refresh()
    assert.equal(victim.role, 'user')
    assert.isNotNull(await TeamMember.find(victim.id))
  })

  test('the fatal 404 says "Page Not Found: {path}"', async ({ client }) => {
    const a = await createMember({ role: 'owner' })
    const b = await createMember({ role: 'owner' })
    const response = await client
      .put(`/backend/account/team-members/${b.membership.id}`)
      .withCsrfToken()
      .loginAs(a.user)
      .header('accept', 'application/json')
      .form({ role: 'admin' })
    response.assertStatus(404)
    response.assertBodyContains({
      error: `Page Not Found: /backend/account/team-members/${b.membership.id}`,
    })
  })

  test("the team list shows only the current company's members", async ({ client, assert }) => {
    const a = await createMember({ role: 'owner' })
    const b = await createMember({ role: 'owner' })
    const response = await client.get('/backend/account/team-members').withInertia().loginAs(a.user)
    response.assertInertiaComponent('account/team_members')
    const members = response.inertiaProps.members as { email: string }[]
    assert.deepEqual(
      members.map((member) => member.email),
      [a.user.email]
    )
    assert.notInclude(
      members.map((member) => member.email),
      b.user.email
    )
  })

  test('switching to a company one is not a member of answers 404', async ({ client, assert }) => {
    const a = await createMember()
    const b = await createMember()
    const response = await client
      .post(`/backend/companies/${b.company.id}/switch`)
      .withCsrfToken()
      .loginAs(a.user)
    response.assertStatus(404)
    await a.user.refresh()
    assert.equal(a.user.currentCompanyId, a.company.id)
  })

  test('a member of two companies switches between them', async ({ client, assert }) => {
    const a = await createMember()
    const b = await createMember()
    await addMember(b.company, a.user, 'user')

    const response = await client
      .post(`/backend/companies/${b.company.id}/switch`)
      .withCsrfToken()
      .loginAs(a.user)
      .redirects(0)
    response.assertHeader('location', '/backend')
    await a.user.refresh()
    assert.equal(a.user.currentCompanyId, b.company.id)

    const page = await client.get('/backend').withInertia().loginAs(a.user)
    page.assertInertiaPropsContains({
      company: { id: b.company.id, name: b.company.name },
      can: { manageFleet: false, administerCompany: false },
    })
    assert.lengthOf(page.inertiaProps.companies as unknown[], 2)
  })
})

test.group('Roles', () => {
  test('a plain user cannot manage team members', async ({ client, assert }) => {
    const owner = await createMember({ role: 'owner' })
    const staff = await User.create({
      email: `staff-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(owner.company, staff, 'user')

    const response = await client
      .post('/backend/account/team-members')
      .withCsrfToken()
      .loginAs(staff)
      .header('accept', 'application/json')
      .form({ email: 'someone@example.com', role: 'admin' })
    response.assertStatus(403)
    assert.isNull(await User.findBy('email', 'someone@example.com'))

    const page = await client.get('/backend/account/company-settings').loginAs(staff).redirects(0)
    page.assertHeader('location', '/backend/unauthorized')
  })

  test('the last owner cannot be demoted', async ({ client, assert }) => {
    const owner = await createMember({ role: 'owner' })
    const response = await client
      .put(`/backend/account/team-members/${owner.membership.id}`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/team-members')
      .form({ role: 'user' })
      .redirects(0)
    response.assertFlashMessage('error', 'A company must keep at least one owner.')
    await owner.membership.refresh()
    assert.equal(owner.membership.role, 'owner')
  })

  test('an admin invites a new person, who creates the account from the mailed link', async ({
    client,
    assert,
  }) => {
    const { mailbox } = await import('#tests/helpers/mailbox')
    mailbox.clear()
    const owner = await createMember({ role: 'owner' })
    const email = `invitee-${Date.now()}@example.com`
    const response = await client
      .post('/backend/account/team-members')
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', '/backend/account/team-members')
      .form({ email, role: 'manager' })
      .redirects(0)
    response.assertFlashMessage(
      'success',
      `Invitation sent to ${email}. They join when they accept it.`
    )
    // Nobody is added before accepting (tests/functional/account/invitations_new_account.spec.ts).
    assert.isNull(await User.findBy('email', email))
    const link = mailbox.linkTo(email, '/invitation/')
    const created = await client
      .post(link.pathname)
      .withCsrfToken()
      .form({
        full_name: 'Invitee',
        password: 'invitee-pass-1',
        password_confirmation: 'invitee-pass-1',
      })
      .redirects(0)
    created.assertStatus(302)
    const invitee = await User.findByOrFail('email', email)
    const membership = await TeamMember.query().where('user_id', invitee.id).firstOrFail()
    assert.equal(membership.companyId, owner.company.id)
    assert.equal(membership.role, 'manager')
  })
})
