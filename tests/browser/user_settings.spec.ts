import { test } from '@japa/runner'
import User from '#models/user'
import TeamMember from '#models/team_member'
import { inviteByEmail } from '#actions/accounts/invitations'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

test.group('User settings, profile and invitations in the browser', (group) => {
  group.each.setup(() => mailbox.clear())

  test('an invited address creates its account from the link, by keyboard, and joins', async ({
    visit,
    assert,
  }) => {
    const owner = await createMember({ role: 'owner' })
    const email = `browser-invitee-${Date.now()}@example.com`
    const invited = await inviteByEmail(
      { user: owner.user, role: 'owner' },
      owner.company,
      email,
      'manager',
      'en'
    )
    assert.isTrue(invited.ok)
    const link = mailbox.linkTo(email, '/invitation/')

    const page = await visit(link.pathname)
    await page.waitForSelector('html[data-hydrated]')
    await page.assertTextContains('main', `join ${owner.company.name} on FleetTrack as Manager`)
    await page.locator('#field-full_name').focus()
    await page.keyboard.type('Deniz Browser')
    await page.keyboard.press('Tab')
    await page.keyboard.type('browser-password-1')
    await page.keyboard.press('Tab')
    await page.keyboard.type('browser-password-1')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/backend')
    await page.assertTextContains('[data-testid="greeting"]', 'Deniz Browser')

    const user = await User.findByOrFail('email', email)
    const membership = await TeamMember.query()
      .where('company_id', owner.company.id)
      .where('user_id', user.id)
      .firstOrFail()
    assert.equal(membership.role, 'manager')
  }).timeout(60_000)

  test('the settings page saves the home page and asks the new address to confirm', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const { user } = await createMember()
    await browserContext.loginAs(user)
    const page = await visit('/backend/account/settings')
    await page.waitForSelector('html[data-hydrated]')
    await page.selectOption('#field-default_home_page', 'history')
    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'PUT', {
        timeout: 20_000,
      }),
      page
        .locator('form', { has: page.locator('#field-default_home_page') })
        .locator('button[type="submit"]')
        .click(),
    ])
    assert.isBelow(saved.status(), 400, `the save answered ${saved.status()}`)
    // The toast library loads with the first flash message: on a cold dev server, a while.
    // Toasts stack, so the message may sit behind another one: it is there, not necessarily
    // on top.
    await page.waitForSelector('text=Settings updated successfully.', {
      state: 'attached',
      timeout: 20_000,
    })
    await user.refresh()
    assert.equal(user.defaultHomePage, 'history')

    const newEmail = `changed-${user.email}`
    await page.fill('#field-email', newEmail)
    await page.locator('#field-email').press('Enter')
    await page.assertTextContains('body', `A confirmation link was sent to ${newEmail}`)
    const link = mailbox.linkTo(newEmail, '/email/confirm')
    await page.goto(link.toString())
    await page.waitForURL((url) => url.pathname === '/backend/account/settings')
    await page.assertTextContains('body', 'Profile updated successfully.')
    await user.refresh()
    assert.equal(user.email, newEmail)
  })
    .timeout(60_000)
    // On a fresh clone the development server sometimes never delivers the lazily loaded toast
    // library to this page (seen twice in three full CI runs, never when the file runs alone):
    // a second try gets it.
    .retry(1)
})
