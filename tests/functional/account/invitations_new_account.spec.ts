import { test } from '@japa/runner'
import TeamMember from '#models/team_member'
import TeamInvitation from '#models/team_invitation'
import User from '#models/user'
import { createMember, inputErrors } from '#tests/helpers/accounts'
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

function createAccount(client: any, path: string, values: Record<string, string>) {
  return client.post(path).withCsrfToken().header('referer', path).form(values).redirects(0)
}

test.group('Invitations of addresses without an account (issue 13 item 7)', (group) => {
  group.each.setup(() => mailbox.clear())

  test('the signed link creates the account (name, password) and joins with the chosen role', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const email = `newcomer-${Date.now()}@example.com`
    const sent = await invite(client, owner.user, email, 'manager')
    sent.assertFlashMessage(
      'success',
      `Invitation sent to ${email}. They join when they accept it.`
    )
    assert.isNull(await User.findBy('email', email))
    const mail = mailbox.lastTo(email)
    assert.include(mail.text, 'create your account')
    const link = mailbox.linkTo(email, '/invitation/')
    assert.match(link.pathname, /^\/invitation\/[\w-]{20,}$/)

    const html = await client.get(link.pathname)
    html.assertStatus(200)
    html.assertTextIncludes('Join your team')
    html.assertTextIncludes(
      `You have been invited to join ${owner.company.name} on FleetTrack as Manager.`
    )

    const page = await client.get(link.pathname).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('auth/invitation')
    page.assertInertiaPropsContains({
      state: 'open',
      email,
      companyName: owner.company.name,
      invitedRole: 'manager',
    })

    const bad = await createAccount(client, link.pathname, {
      full_name: '',
      password: 'short',
      password_confirmation: 'other',
    })
    const errors = inputErrors(bad)
    assert.lengthOf(errors.full_name ?? [], 1)
    assert.lengthOf(errors.password ?? [], 1)
    assert.isNull(await User.findBy('email', email))

    const created = await createAccount(client, link.pathname, {
      full_name: 'Deniz Newcomer',
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
    })
    created.assertStatus(302)
    created.assertHeader('location', '/backend')
    created.assertFlashMessage('success', `You have joined ${owner.company.name}.`)
    const user = await User.findByOrFail('email', email)
    assert.equal(user.fullName, 'Deniz Newcomer')
    assert.isTrue(user.isConfirmed)
    assert.equal(user.currentCompanyId, owner.company.id)
    assert.isNotNull(await User.verifyCredentials(email, 'a-good-password'))
    const membership = await TeamMember.query()
      .where('company_id', owner.company.id)
      .where('user_id', user.id)
      .firstOrFail()
    assert.equal(membership.role, 'manager')

    // Used: the link says so and creates nothing more.
    const reused = await client.get(link.pathname).withInertia()
    reused.assertInertiaPropsContains({ state: 'invalid' })
    const reusedHtml = await client.get(link.pathname)
    reusedHtml.assertTextIncludes('This invitation link is not valid any more.')
    const again = await createAccount(client, link.pathname, {
      full_name: 'Someone',
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
    })
    again.assertFlashMessage('error', 'This invitation link is not valid any more.')
  })

  test('resend retires the old link, revoke retires it too; in Turkish from the Turkish page', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const email = `turkish-${Date.now()}@example.com`
    await invite(client, owner.user, email, 'user', '/tr/panel/hesap/ekip-uyeleri')
    const first = mailbox.linkTo(email, '/davet/')
    assert.isTrue(first.pathname.startsWith('/tr/davet/'))
    const turkishPage = await client.get(first.pathname)
    turkishPage.assertStatus(200)
    turkishPage.assertTextIncludes('Ekibinize katılın')
    const invitation = await TeamInvitation.query()
      .where('company_id', owner.company.id)
      .firstOrFail()

    const resent = await client
      .post(`${teamPage}/invitations/${invitation.id}/resend`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', teamPage)
      .redirects(0)
    resent.assertFlashMessage('success', `A new invitation link was sent to ${email}.`)
    const second = mailbox.linkTo(email, '/invitation/')
    assert.notEqual(second.pathname.split('/').pop(), first.pathname.split('/').pop())
    const old = await client.get(first.pathname).withInertia()
    old.assertInertiaPropsContains({ state: 'invalid' })
    const fresh = await client.get(second.pathname).withInertia()
    fresh.assertInertiaPropsContains({ state: 'open' })

    const revoked = await client
      .delete(`${teamPage}/invitations/${invitation.id}`)
      .withCsrfToken()
      .loginAs(owner.user)
      .header('referer', teamPage)
      .redirects(0)
    revoked.assertFlashMessage('success', `The invitation of ${email} was revoked.`)
    const after = await createAccount(client, second.pathname, {
      full_name: 'Late',
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
    })
    after.assertFlashMessage('error', 'This invitation link is not valid any more.')
    assert.isNull(await User.findBy('email', email))
  })

  test('another company cannot resend or revoke it (404); an address that got an account meanwhile signs in', async ({
    client,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const stranger = await createMember({ role: 'owner' })
    const email = `later-${Date.now()}@example.com`
    await invite(client, owner.user, email, 'user')
    const link = mailbox.linkTo(email, '/invitation/')
    const invitation = await TeamInvitation.query()
      .where('company_id', owner.company.id)
      .firstOrFail()

    const foreign = await client
      .post(`${teamPage}/invitations/${invitation.id}/resend`)
      .withCsrfToken()
      .loginAs(stranger.user)
      .header('referer', teamPage)
      .redirects(0)
    foreign.assertStatus(404)
    const foreignRevoke = await client
      .delete(`${teamPage}/invitations/${invitation.id}`)
      .withCsrfToken()
      .loginAs(stranger.user)
      .header('referer', teamPage)
      .redirects(0)
    foreignRevoke.assertStatus(404)
    await invitation.refresh()
    assert.isNull(invitation.revokedAt)

    // A plain user of the company may not invite anybody.
    const plain = await createMember({ role: 'user' })
    await TeamMember.create({ companyId: owner.company.id, userId: plain.user.id, role: 'user' })
    plain.user.currentCompanyId = owner.company.id
    await plain.user.save()
    const refused = await invite(client, plain.user, `x-${email}`, 'user')
    assert.notEqual(refused.status(), 200)
    assert.isNull(
      await TeamInvitation.query()
        .whereRaw('lower(email) = ?', [`x-${email}`])
        .first()
    )

    // The address signs up on its own before opening the link: the link now asks to sign in.
    await User.create({ email, password: 'own-password-1' })
    const page = await client.get(link.pathname).redirects(0)
    page.assertStatus(302)
    assert.include(page.header('location'), '/team-members/invitation/')
  })
})
