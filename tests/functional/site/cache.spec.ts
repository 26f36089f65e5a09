import { test } from '@japa/runner'
import { configurePageCache } from '#services/site/page_cache'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'
import { withPosts } from './support.js'

test.group('Public page cache', (group) => {
  withPosts(group)
  group.each.setup(() => {
    configurePageCache({ ttlSeconds: 60 })
    return () => configurePageCache({ ttlSeconds: 0 })
  })

  test('serves the same HTML to anonymous visitors from the cache', async ({ client, assert }) => {
    const first = await client.get('/tr/fiyatlandirma')
    first.assertHeader('x-page-cache', 'miss')
    const second = await client.get('/tr/fiyatlandirma')
    second.assertHeader('x-page-cache', 'hit')
    assert.equal(second.text(), first.text())
    assert.include(second.header('content-type'), 'text/html')
    // Each URL (query included) and language is its own entry.
    const english = await client.get('/pricing')
    english.assertHeader('x-page-cache', 'miss')
    const query = await client.get('/test/cost').qs({ vehicleClass: 'heavy_vehicle' })
    query.assertHeader('x-page-cache', 'miss')
  })

  test('a visitor without a session gets the cached page without any cookie', async ({
    assert,
  }) => {
    // A plain fetch: the test client would send a session cookie with every request.
    const first = await fetch(`${baseUrl()}/tr/sss`)
    assert.equal(first.headers.get('x-page-cache'), 'miss')
    assert.isNotEmpty(first.headers.getSetCookie(), 'the full pipeline starts a session')

    const cached = await fetch(`${baseUrl()}/tr/sss`)
    assert.equal(cached.headers.get('x-page-cache'), 'hit')
    assert.deepEqual(cached.headers.getSetCookie(), [])
    assert.equal(cached.headers.get('content-encoding'), 'gzip', 'stored compressed, sent as is')
    assert.equal(await cached.text(), await first.text())
    // The headers the full pipeline set (security headers) are replayed, not per-request ones.
    assert.equal(cached.headers.get('x-frame-options'), 'DENY')
    assert.equal(cached.headers.get('x-content-type-options'), 'nosniff')
    assert.notEqual(cached.headers.get('x-request-id'), first.headers.get('x-request-id'))
  })

  test('the XSRF cookie endpoint starts the session a cached page did not', async ({ assert }) => {
    const response = await fetch(`${baseUrl()}/csrf-cookie`)
    assert.equal(response.status, 204)
    const cookies = response.headers.getSetCookie().map((cookie) => cookie.split('=')[0])
    assert.includeMembers(cookies, ['XSRF-TOKEN', 'fleettrack-session'])
  })

  test('never for signed-in visitors, Inertia visits or pages with flash messages', async ({
    client,
    assert,
  }) => {
    await client.get('/faqs')
    const { user } = await createMember({ name: 'Ada Operator' })
    const signedIn = await client.get('/faqs').loginAs(user)
    assert.isUndefined(signedIn.header('x-page-cache'))
    assert.include(signedIn.text(), 'Ada Operator')

    const inertia = await client.get('/faqs').withInertia()
    assert.isUndefined(inertia.header('x-page-cache'))

    const flashed = await client
      .get('/contact')
      .withSession({ __flash__: { success: 'Message submitted successfully.' } })
    assert.isUndefined(flashed.header('x-page-cache'))
    const after = await client.get('/contact')
    after.assertHeader('x-page-cache', 'miss')
    assert.include(after.text(), '"flash":{"success":null,"error":null}')
  })

  test('a post import clears it', async ({ client }) => {
    await client.get('/blog')
    ;(await client.get('/blog')).assertHeader('x-page-cache', 'hit')
    const { importPosts } = await import('#services/site/post_importer')
    const app = (await import('@adonisjs/core/services/app')).default
    await importPosts(app.makePath('content/posts'))
    ;(await client.get('/blog')).assertHeader('x-page-cache', 'miss')
  })
})
