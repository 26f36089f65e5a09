import { test } from '@japa/runner'
import { guardOf, pathFor, routeTable, type RouteName } from '#shared/route_table'
import { createMember } from '#tests/helpers/accounts'

const names = Object.keys(routeTable) as RouteName[]
const sampleParams = { slug: 'sample', id: 1 }

function concretePath(name: RouteName, locale: 'en' | 'tr') {
  return pathFor(name, locale, sampleParams)
}

/** Pages with a parameter answer 404 until their record exists; the rest answer 200. */
const parameterised = (name: RouteName) => routeTable[name].en.includes(':')
const redirects = (name: RouteName) => 'redirectTo' in routeTable[name]

test.group('Every page of the route table', () => {
  test('answers in both languages for a signed-in user, with <html lang>', async ({
    client,
    assert,
  }) => {
    const { user } = await createMember({ role: 'owner', name: 'Ada Operator' })
    for (const name of names) {
      if (parameterised(name) || redirects(name) || guardOf(routeTable[name]) === 'guest') continue
      // Platform staff only (PLATFORM_ADMIN_EMAILS), not a company role: covered in site tests.
      if (name === 'account.inquiries') continue
      for (const locale of ['en', 'tr'] as const) {
        const path = concretePath(name, locale)
        const response = await client.get(path).loginAs(user).redirects(0)
        assert.equal(response.status(), 200, `${path} answered ${response.status()}`)
        assert.include(response.text(), `<html lang="${locale}">`, path)
      }
    }
  }).timeout(120_000)

  test('old pages redirect permanently to their current page', async ({ client }) => {
    const cases: [string, string][] = [
      ['/index_old', '/'],
      ['/login_old', '/login'],
      ['/tr/login_old', '/tr/giris'],
      ['/backend/index_old', '/backend'],
      ['/backend/history/old', '/backend/history'],
      ['/about', '/about-us'],
      ['/tr/hakkinda', '/tr/hakkimizda'],
    ]
    for (const [from, to] of cases) {
      const response = await client.get(from).redirects(0)
      response.assertStatus(301)
      response.assertHeader('location', to)
    }
  })

  test('authenticated pages send anonymous visitors to login in their language', async ({
    client,
    assert,
  }) => {
    for (const name of names) {
      if (guardOf(routeTable[name]) !== 'auth' || parameterised(name) || redirects(name)) continue
      for (const locale of ['en', 'tr'] as const) {
        const response = await client.get(concretePath(name, locale)).redirects(0)
        assert.equal(response.status(), 302, concretePath(name, locale))
        assert.equal(response.header('location'), locale === 'en' ? '/login' : '/tr/giris')
      }
    }
  })

  test('fleet-new and unauthorized pages need no sign-in', async ({ client }) => {
    for (const path of [
      '/backend/fleet-new',
      '/backend/fleet-new/drivers',
      '/backend/fleet-new/vehicles',
      '/backend/unauthorized',
      '/tr/panel/yetkisiz',
    ]) {
      const response = await client.get(path).redirects(0)
      response.assertStatus(200)
    }
  })

  test('every page links its other language with hreflang', async ({ client, assert }) => {
    const response = await client.get('/faqs')
    assert.include(response.text(), 'hreflang="tr" href="http://127.0.0.1')
    assert.include(response.text(), '/tr/sss"')
    assert.include(response.text(), 'hreflang="x-default"')
    const turkish = await client.get('/tr/sss')
    assert.include(turkish.text(), 'hreflang="en"')
    assert.include(turkish.text(), '/faqs"')
  })

  test('the home page is server-rendered in both languages', async ({ client, assert }) => {
    const english = await client.get('/')
    english.assertStatus(200)
    assert.include(english.text(), 'data-server-rendered="true"')
    const turkish = await client.get('/tr')
    turkish.assertStatus(200)
    assert.include(turkish.text(), '<html lang="tr">')
  })
})

test.group('Dashboard', () => {
  test('greets the user by display name', async ({ client }) => {
    const { user } = await createMember({ name: 'Ada Operator' })
    const response = await client.get('/backend').withInertia().loginAs(user)
    response.assertInertiaComponent('backend/dashboard')
    response.assertInertiaPropsContains({ user: { displayName: 'Ada Operator' } })
  })

  test('greets by e-mail when there is no name', async ({ client }) => {
    const { user } = await createMember()
    const response = await client.get('/tr/panel').withInertia().loginAs(user)
    response.assertInertiaPropsContains({ locale: 'tr', user: { displayName: user.email } })
  })
})

test.group('Errors', () => {
  test('an unknown path answers 404 "Page not found: {path}"', async ({ client, assert }) => {
    const response = await client.get('/no-such-page')
    response.assertStatus(404)
    assert.include(response.text(), 'Page not found: /no-such-page')
  })

  test('an unknown Turkish path answers in Turkish', async ({ client, assert }) => {
    const response = await client.get('/tr/olmayan-sayfa')
    response.assertStatus(404)
    assert.include(response.text(), 'Sayfa bulunamadı: /tr/olmayan-sayfa')
  })

  test('crawlers get the status without the error page', async ({ client, assert }) => {
    const response = await client.get('/no-such-page').header('user-agent', 'Googlebot/2.1')
    response.assertStatus(404)
    assert.equal(response.text(), 'Page not found: /no-such-page')
  })
})

test.group('Language switch', () => {
  test('sets the locale cookie for 365 days and opens the page in the language', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/locale/tr').qs({ to: '/tr/sss' }).redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/tr/sss')
    const cookie = String(response.header('set-cookie'))
    assert.include(cookie, 'locale=tr')
    assert.include(cookie, `Max-Age=${365 * 24 * 60 * 60}`)
  })

  test('never redirects off the site', async ({ client }) => {
    const response = await client.get('/locale/en').qs({ to: '//evil.example' }).redirects(0)
    response.assertHeader('location', '/')
  })
})
