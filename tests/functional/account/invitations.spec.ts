import { test } from '@japa/runner'
import TeamMember from '#models/team_member'
import TeamInvitation from '#models/team_invitation'
import User from '#models/user'
import { addMember } from '#actions/accounts/team_membership'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

const teamPage = '/backend/account/team-members'

async function invite(client: any, inviter: User, email: string, role: string, path = teamPage) {
  return client
    .post(path)
    .withCsrfToken()
    .loginAs(inviter)
    .header('referer', path)
    .form({ email, role })
    .redirects(0)
}

test.group('Team invitations', (group) => {
  group.each.setup(() => mailbox.clear())

  test('an existing account accepts the signed link and joins with the chosen role', async ({
    client,
    assert,
  }) => {
    const a = await createMember({ role: 'owner' })
    const b = await createMember({ role: 'owner' })
    await invite(client, a.user, b.user.email, 'manager')
    const link = mailbox.linkTo(b.user.email, '/invitation/')
    // The mail says who invited and with which role.
    assert.include(
      mailbox.lastTo(b.user.email).text.replace(/\s+/g, ' '),
      `${a.user.email} has invited you to join ${a.company.name} on FleetTrack as Manager.`
    )
    assert.isNull(
      await TeamMember.query().where('company_id', a.company.id).where('user_id', b.user.id).first()
    )

    // Anonymous: sign in first (the link is kept for after sign-in).
    const anonymous = await client.get(link.pathname).redirects(0)
    anonymous.assertHeader('location', '/login')

    const accepted = await client.get(link.pathname).loginAs(b.user).redirects(0)
    accepted.assertFlashMessage('success', `You have joined ${a.company.name}.`)
    const membership = await TeamMember.query()
      .where('company_id', a.company.id)
      .where('user_id', b.user.id)
      .firstOrFail()
    assert.equal(membership.role, 'manager')
    await b.user.refresh()
    assert.equal(b.user.currentCompanyId, a.company.id)

    const reused = await client.get(link.pathname).loginAs(b.user).redirects(0)
    reused.assertFlashMessage('error', 'This invitation link is not valid any more.')
  })

  test('another account cannot use the link; revoke and resend retire old links', async ({
    client,
    assert,
  }) => {
    const a = await createMember({ role: 'owner' })
    const b = await createMember({ role: 'user' })
    const c = await createMember({ role: 'user' })
    await invite(client, a.user, b.user.email, 'user')
    const first = mailbox.linkTo(b.user.email, '/invitation/')

    const wrong = await client.get(first.pathname).loginAs(c.user).redirects(0)
    wrong.assertFlashMessage(
      'error',
      'This invitation was sent to another e-mail address. Sign in with that address to accept it.'
    )
    assert.isNull(
      await TeamMember.query().where('company_id', a.company.id).where('user_id', c.user.id).first()
    )

    const twice = await invite(client, a.user, b.user.email, 'user')
    twice.assertFlashMessage(
      'error',
      'This person has already been invited. Resend the invitation from the list instead.'
    )

    const invitation = await TeamInvitation.query().where('company_id', a.company.id).firstOrFail()
    const page = await client.get(teamPage).withInertia().loginAs(a.user)
    assert.deepEqual(
      (page.inertiaProps.invitations as { email: string }[]).map((row) => row.email),
      [b.user.email]
    )

    mailbox.clear()
    const resent = await client
      .post(`${teamPage}/invitations/${invitation.id}/resend`)
      .withCsrfToken()
      .loginAs(a.user)
      .header('referer', teamPage)
      .redirects(0)
    resent.assertFlashMessage('success', `A new invitation link was sent to ${b.user.email}.`)
    const second = mailbox.linkTo(b.user.email, '/invitation/')
    assert.notEqual(second.pathname, first.pathname)
    const old = await client.get(first.pathname).loginAs(b.user).redirects(0)
    old.assertFlashMessage('error', 'This invitation link is not valid any more.')

    // Another company cannot revoke it (404); its own admin can.
    const foreign = await client
      .delete(`${teamPage}/invitations/${invitation.id}`)
      .withCsrfToken()
      .loginAs(c.user)
    foreign.assertStatus(403) // c is a plain user of their company: refused before any lookup
    const otherOwner = await createMember({ role: 'owner' })
    const notFound = await client
      .delete(`${teamPage}/invitations/${invitation.id}`)
      .withCsrfToken()
      .loginAs(otherOwner.user)
    notFound.assertStatus(404)

    const revoked = await client
      .delete(`${teamPage}/invitations/${invitation.id}`)
      .withCsrfToken()
      .loginAs(a.user)
      .header('referer', teamPage)
      .redirects(0)
    revoked.assertFlashMessage('success', `The invitation of ${b.user.email} was revoked.`)
    const late = await client.get(second.pathname).loginAs(b.user).redirects(0)
    late.assertFlashMessage('error', 'This invitation link is not valid any more.')
    assert.isNull(
      await TeamMember.query().where('company_id', a.company.id).where('user_id', b.user.id).first()
    )
  })

  test('an admin cannot invite an owner; a new address gets an invitation, no account yet', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const adminUser = await User.create({
      email: `adm-${Date.now()}@example.com`,
      password: 'pw-12345678',
    })
    await addMember(owner.company, adminUser, 'admin')
    const other = await createMember({ role: 'owner' })
    const refused = await invite(client, adminUser, other.user.email, 'owner')
    refused.assertFlashMessage('error', 'You do not have permission to do that.')
    assert.lengthOf(await TeamInvitation.query().where('company_id', owner.company.id), 0)

    // A new address gets an invitation to create its account (invitations_new_account.spec.ts).
    const email = `new-${Date.now()}@example.com`
    const created = await invite(client, adminUser, email, 'user')
    created.assertFlashMessage(
      'success',
      `Invitation sent to ${email}. They join when they accept it.`
    )
    assert.isNull(await User.findBy('email', email))
    assert.include(mailbox.lastTo(email).text, '/invitation/')
  })
})
