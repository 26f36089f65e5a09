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
    .with(['/\\evil.example', '/%5Cevil.example', '/\t/evil.example', 'https://evil.example'])
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
