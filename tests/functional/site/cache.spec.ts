import { test } from '@japa/runner'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { configurePageCache, serveCachedPageRaw } from '#services/site/page_cache'
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

  test('the web process answers a hit on the raw request, before the framework', async ({
    assert,
    cleanup,
  }) => {
    // What bin/server.ts puts in front of the framework; the framework here answers 418.
    const front = createServer((req, res) => {
      if (serveCachedPageRaw(req, res)) return
      res.statusCode = 418
      res.end()
    })
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
    cleanup(() => new Promise<void>((resolve) => front.close(() => resolve())))
    const raw = `http://127.0.0.1:${(front.address() as AddressInfo).port}`

    assert.equal((await fetch(`${raw}/tr/sss`)).status, 418, 'nothing cached yet')
    const first = await fetch(`${baseUrl()}/tr/sss`)
    assert.equal(first.headers.get('x-page-cache'), 'miss')
    const body = await first.text()

    const hit = await fetch(`${raw}/tr/sss`)
    assert.equal(hit.status, 200)
    assert.equal(hit.headers.get('x-page-cache'), 'hit')
    assert.equal(hit.headers.get('content-encoding'), 'gzip')
    assert.equal(hit.headers.get('x-frame-options'), 'DENY')
    assert.include(hit.headers.get('content-type')!, 'text/html')
    assert.deepEqual(hit.headers.getSetCookie(), [])
    assert.equal(await hit.text(), body)
    const plain = await fetch(`${raw}/tr/sss`, { headers: { 'accept-encoding': 'identity' } })
    assert.isNull(plain.headers.get('content-encoding'))
    assert.equal(Number(plain.headers.get('content-length')), Buffer.byteLength(body))
    assert.equal(await plain.text(), body)

    // A session, an Inertia visit, another method or another URL go on to the framework.
    const session = await fetch(`${raw}/tr/sss`, {
      headers: { cookie: 'fleettrack-session=abc' },
    })
    assert.equal(session.status, 418)
    assert.equal((await fetch(`${raw}/tr/sss`, { headers: { 'x-inertia': 'true' } })).status, 418)
    assert.equal((await fetch(`${raw}/tr/sss`, { method: 'HEAD' })).status, 418)
    assert.equal((await fetch(`${raw}/tr/sss?x=1`)).status, 418)

    configurePageCache({ ttlSeconds: 0 })
    assert.equal((await fetch(`${raw}/tr/sss`)).status, 418, 'the cache is off')
  })
})
