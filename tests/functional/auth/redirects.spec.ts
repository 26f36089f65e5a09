import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'

/** Raw query strings, sent as an attacker would type them into a link. */
const hostileTargets = [
  '/%5Cevil.example',
  '%2F%2Fevil.example',
  '//evil.example',
  '/%2F/evil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '%5C%5Cevil.example',
  'https://evil.example',
  'https:evil.example',
  'javascript:alert(1)',
  '/%255Cevil.example',
  // dot segments, removed when the browser (or the URL parser) normalizes the path
  '/.//evil.com',
  '/..//evil.com',
  '/%2e//evil.com',
  '/%2E%2E//evil.com',
  '/a/..//evil.com',
  '/.%2F%2Fevil.com',
  '%2F.%2F%2Fevil.com',
  '/.%252F%252Fevil.com',
  '/.%5C%5Cevil.com',
  '/.%09//evil.com',
]

test.group('Redirect targets from the visitor', () => {
  test('the language switch never leaves the site: to={$self}')
    .with(hostileTargets)
    .run(async ({ client }, target) => {
      const response = await client.get(`/locale/en?to=${target}`).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/')
    })

  test('the language switch keeps a path on the site, normalized', async ({ client }) => {
    const response = await client.get('/locale/tr?to=%2Ftr%2Fsss%3Fq%3D1%2Fx').redirects(0)
    response.assertHeader('location', '/tr/sss?q=1/x')
  })

  test('signing in never follows a kept path off the site: {$self}')
    .with([
      '/\\evil.example',
      '/%5Cevil.example',
      '/\t/evil.example',
      'https://evil.example',
      '/.//evil.com',
      '/..//evil.com',
      '/%2e//evil.com',
      '/a/..//evil.com',
      '/.%2F%2Fevil.com',
    ])
    .run(async ({ client }, intended) => {
      const { user } = await createMember({ password: 'right-password' })
      const login = await client
        .post('/login')
        .withCsrfToken()
        .withSession({ intended_path: intended })
        .form({ email: user.email, password: 'right-password' })
        .redirects(0)
      login.assertStatus(302)
      login.assertHeader('location', '/backend')
    })
})

test.group('Redirect targets kept in the session', () => {
  test('a signed-in visitor sent to a guest page never follows a kept path off the site: {$self}')
    .with(['/.//evil.com', '/%2e//evil.com', '/a/..//evil.com', '/.%2F%2Fevil.com'])
    .run(async ({ client }, intended) => {
      const { user } = await createMember({ password: 'right-password' })
      const response = await client
        .get('/login')
        .loginAs(user)
        .withSession({ intended_path: intended })
        .redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/backend')
    })

  test('a kept path on the site is followed, normalized', async ({ client }) => {
    const { user } = await createMember({ password: 'right-password' })
    const response = await client
      .get('/login')
      .loginAs(user)
      .withSession({ intended_path: '/a/../backend/map' })
      .redirects(0)
    response.assertHeader('location', '/backend/map')
  })
})
