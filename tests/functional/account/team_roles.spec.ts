import { test } from '@japa/runner'
import TeamMember from '#models/team_member'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { createMember } from '#tests/helpers/accounts'

const teamPage = '/backend/account/team-members'

async function companyWithAdmin() {
  const owner = await createMember({ role: 'owner' })
  const adminUser = await User.create({
    email: `admin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'pw-12345678',
  })
  const admin = await addMember(owner.company, adminUser, 'admin')
  return { owner, admin, adminUser }
}

/** Every route that can change a role or a membership, under the same rules. */
test.group('Team roles over HTTP', () => {
  test('an admin cannot demote the owner by re-adding their e-mail, nor then remove them', async ({
    client,
    assert,
  }) => {
    const { owner, adminUser } = await companyWithAdmin()

    const readd = await client
      .post(teamPage)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .form({ email: owner.user.email, role: 'user' })
      .redirects(0)
    readd.assertFlashMessage(
      'error',
      'This person is already a member of the company. Change their role in the list.'
    )
    await owner.membership.refresh()
    assert.equal(owner.membership.role, 'owner')

    const remove = await client
      .delete(`${teamPage}/${owner.membership.id}`)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .redirects(0)
    remove.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.isNotNull(await TeamMember.find(owner.membership.id))
  })

  test('an admin cannot demote the owner or promote anyone to owner with PUT', async ({
    client,
    assert,
  }) => {
    const { owner, admin, adminUser } = await companyWithAdmin()
    const demote = await client
      .put(`${teamPage}/${owner.membership.id}`)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .form({ role: 'user' })
      .redirects(0)
    demote.assertFlashMessage('error', 'You do not have permission to do that.')
    const promote = await client
      .put(`/tr/panel/hesap/ekip-uyeleri/${admin.id}`)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .form({ role: 'owner' })
      .redirects(0)
    promote.assertFlashMessage('error', 'Bu işlem için yetkiniz yok.')
    await owner.membership.refresh()
    await admin.refresh()
    assert.equal(owner.membership.role, 'owner')
    assert.equal(admin.role, 'admin')
  })

  test('an admin cannot add a new person as owner', async ({ client, assert }) => {
    const { adminUser } = await companyWithAdmin()
    const email = `would-be-owner-${Date.now()}@example.com`
    const response = await client
      .post(teamPage)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .form({ email, role: 'owner' })
      .redirects(0)
    response.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.isNull(await User.findBy('email', email))
  })

  test('an owner hands ownership over; the last owner can neither be demoted nor removed', async ({
    client,
    assert,
  }) => {
    const { owner, admin, adminUser } = await companyWithAdmin()
    const promote = await client
      .put(`${teamPage}/${admin.id}`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', teamPage)
      .form({ role: 'owner' })
      .redirects(0)
    promote.assertFlashMessage('success', 'Record updated successfully!')

    const leave = await client
      .delete(`${teamPage}/${owner.membership.id}`)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .redirects(0)
    leave.assertFlashMessage('success', 'Item deleted successfully')

    const demoteLast = await client
      .put(`${teamPage}/${admin.id}`)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .form({ role: 'admin' })
      .redirects(0)
    demoteLast.assertFlashMessage('error', 'A company must keep at least one owner.')
    const removeLast = await client
      .delete(`${teamPage}/${admin.id}`)
      .withCsrfToken()
      .loginAs(adminUser)
      .header('referer', teamPage)
      .redirects(0)
    removeLast.assertFlashMessage('error', 'A company must keep at least one owner.')
    await admin.refresh()
    assert.equal(admin.role, 'owner')
  })
})

test.group('Adding an existing account', () => {
  for (const { path, message } of [
    { path: teamPage, message: 'Invitation sent to {email}. They join when they accept it.' },
    {
      path: '/tr/panel/hesap/ekip-uyeleri',
      message: '{email} adresine davet gönderildi. Daveti kabul edince katılacak.',
    },
  ]) {
    test(`another company's user is invited, not added (${path})`, async ({ client, assert }) => {
      const { mailbox } = await import('#tests/helpers/mailbox')
      const a = await createMember({ role: 'owner' })
      const b = await createMember({ role: 'owner' })
      mailbox.clear()
      const response = await client
        .post(path)
        .withCsrfToken()
        .loginAs(a.user)
        .header('referer', path)
        .form({ email: b.user.email, role: 'user' })
        .redirects(0)
      response.assertFlashMessage('success', message.replace('{email}', b.user.email))
      const memberships = await TeamMember.query().where('user_id', b.user.id)
      assert.deepEqual(
        memberships.map((membership) => membership.companyId),
        [b.company.id]
      )
      assert.isTrue(mailbox.messages.some((mail) => mail.to.includes(b.user.email)))
    })
  }
})
