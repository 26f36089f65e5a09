import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'

test.group('Security headers', () => {
  test('every page sends a Referrer-Policy', async ({ client }) => {
    const response = await client.get('/')
    response.assertHeader('referrer-policy', 'strict-origin-when-cross-origin')
  })

  test('signed-in pages are never cached', async ({ client }) => {
    const { user } = await createMember()
    const response = await client.get('/backend/account/settings').loginAs(user)
    response.assertStatus(200)
    response.assertHeader('cache-control', 'no-store')
    response.assertHeader('referrer-policy', 'strict-origin-when-cross-origin')
  })
})
