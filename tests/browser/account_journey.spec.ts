import { test } from '@japa/runner'
import { mailbox } from '#tests/helpers/mailbox'

const journeys = [
  {
    locale: 'en',
    other: 'tr',
    signup: '/signup',
    confirm: '/confirm',
    login: '/login',
    dashboard: '/backend',
    dashboardAfterSwitch: '/tr/panel',
    homeAfterLogout: '/tr',
    checkInbox: 'We have sent a confirmation link to',
    greeting: 'Welcome,',
    greetingAfterSwitch: 'Hoş geldiniz,',
  },
  {
    locale: 'tr',
    other: 'en',
    signup: '/tr/kayit',
    confirm: '/tr/onay',
    login: '/tr/giris',
    dashboard: '/tr/panel',
    dashboardAfterSwitch: '/backend',
    homeAfterLogout: '/',
    checkInbox: 'adresine bir onay bağlantısı gönderdik',
    greeting: 'Hoş geldiniz,',
    greetingAfterSwitch: 'Welcome,',
  },
] as const

test.group('Account journey', () => {
  for (const journey of journeys) {
    test(`sign up, confirm by e-mail, sign in, switch language, log out (${journey.locale})`, async ({
      visit,
      assert,
    }) => {
      const email = `journey-${journey.locale}-${Date.now()}@example.com`
      const password = 'journey-password-1'

      const page = await visit(journey.signup)
      // Typed before hydration, the values would be reset by React: wait for it.
      await page.waitForSelector('html[data-hydrated]')
      await page.fill('#field-email', email)
      await page.fill('#field-password', password)
      await page.fill('#field-password_confirmation', password)
      await page.check('input[name="terms"]')
      await page.click('button[type="submit"]')
      await page.waitForURL((url) => url.pathname === journey.confirm)
      await page.assertTextContains('main', journey.checkInbox)

      const link = mailbox.linkTo(email, journey.confirm)
      await page.goto(link.toString())
      await page.waitForURL((url) => url.pathname === journey.login)
      await page.waitForSelector('html[data-hydrated]')

      await page.fill('#field-email', email)
      await page.fill('#field-password', password)
      await page.click('button[type="submit"]')
      await page.waitForURL((url) => url.pathname === journey.dashboard)
      await page.assertTextContains('[data-testid="greeting"]', `${journey.greeting} ${email}`)

      await page.click('[data-testid="language-dropdown"]')
      await page.click(`a[hreflang="${journey.other}"]`)
      // The switch is a full page load: the menus work once it is hydrated again.
      await page.waitForURL((url) => url.pathname === journey.dashboardAfterSwitch)
      await page.waitForSelector('html[data-hydrated]')
      await page.assertTextContains('[data-testid="greeting"]', journey.greetingAfterSwitch)
      assert.equal(await page.getAttribute('html', 'lang'), journey.other)
      assert.isFalse(await page.isVisible('[data-testid="language-list"]'), 'the list closes')

      await page.click('[data-testid="user-menu"]')
      await page.click('[data-testid="logout"]')
      await page.waitForURL((url) => url.pathname === journey.homeAfterLogout)
      await page.assertVisible('[data-testid="login-button"]')
    }).timeout(60_000)
  }

  test('an anonymous visitor goes to login and comes back to the page they wanted', async ({
    visit,
  }) => {
    const { createMember } = await import('#tests/helpers/accounts')
    const { user } = await createMember({ password: 'journey-password-1' })
    const page = await visit('/backend/account/team-members')
    await page.waitForURL((url) => url.pathname === '/login')
    await page.waitForSelector('html[data-hydrated]')
    await page.fill('#field-email', user.email)
    await page.fill('#field-password', 'journey-password-1')
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.pathname === '/backend/account/team-members')
    await page.assertVisible('[data-testid="team-members"]')
  }).timeout(60_000)
})
