import { test } from '@japa/runner'
import { createMember } from '#tests/helpers/accounts'
import { baseUrl } from '#tests/helpers/http_session'
import { configurePageCache, storedHeader } from '#services/site/page_cache'
import { tileOrigin } from '#config/shield'

function directives(policy: string | null) {
  const entries = (policy ?? '').split(';').map((part) => part.trim().split(/\s+/))
  return new Map(entries.map(([name, ...values]) => [name, values]))
}

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

  test('a Content-Security-Policy: scripts from here with a fresh nonce each time, Analytics allowed, no framing', async ({
    assert,
  }) => {
    const first = await fetch(`${baseUrl()}/login`)
    const second = await fetch(`${baseUrl()}/login`)
    const policy = directives(first.headers.get('content-security-policy'))
    const scripts = policy.get('script-src') ?? []
    assert.includeMembers(scripts, [`'self'`, 'https://www.googletagmanager.com'])
    assert.notInclude(scripts, `'unsafe-inline'`)
    assert.notInclude(scripts, `'unsafe-eval'`)
    const nonce = scripts.find((value) => value.startsWith(`'nonce-`))
    assert.isDefined(nonce)
    const secondScripts = directives(second.headers.get('content-security-policy')).get(
      'script-src'
    )
    assert.notInclude(secondScripts ?? [], nonce!)
    assert.deepEqual(policy.get('frame-ancestors'), [`'none'`])
    assert.deepEqual(policy.get('object-src'), [`'none'`])
    assert.include(policy.get('img-src'), 'https://tile.openstreetmap.org')
    // The page data Inertia needs is a JSON block, not an inline script the policy would block.
    const html = await first.text()
    assert.match(html, /<script data-page="app" type="application\/json">/)
    // Any inline script (the development server's React refresh) carries this response's nonce.
    const inline = (html.match(/<script[^>]*>/g) ?? []).filter(
      (tag) => !/\bsrc=|type="application\/(ld\+)?json"/.test(tag)
    )
    for (const tag of inline) assert.include(tag, `nonce="${nonce!.slice(7, -1)}"`)
  })

  test('a cached public page keeps its Referrer-Policy and policy, with a nonce only where its HTML has one', async ({
    assert,
  }) => {
    configurePageCache({ ttlSeconds: 60 })
    try {
      const miss = await fetch(`${baseUrl()}/about-us`)
      assert.equal(miss.headers.get('x-page-cache'), 'miss')
      const hit = await fetch(`${baseUrl()}/about-us`)
      assert.equal(hit.headers.get('x-page-cache'), 'hit')
      assert.equal(hit.headers.get('referrer-policy'), 'strict-origin-when-cross-origin')
      const policy = hit.headers.get('content-security-policy') ?? ''
      assert.includeMembers(directives(policy).get('script-src') ?? [], [
        `'self'`,
        'https://www.googletagmanager.com',
      ])
      // Tests run the development server, whose React refresh script keeps its nonce.
      const html = await hit.text()
      const nonce = html.match(/ nonce="([^"]+)"/)?.[1]
      if (nonce) assert.include(policy, `'nonce-${nonce}'`)
      else assert.notInclude(policy, 'nonce-')
    } finally {
      configurePageCache({ ttlSeconds: 0 })
    }
  })

  test('a production page is cached with a policy without the first response nonce', ({
    assert,
  }) => {
    const policy = `default-src 'self';script-src 'self' 'nonce-abc' https://www.googletagmanager.com`
    assert.equal(
      storedHeader(
        'content-security-policy',
        policy,
        '<script type="module" src="/a.js"></script>'
      ),
      `default-src 'self';script-src 'self' https://www.googletagmanager.com`
    )
    assert.equal(
      storedHeader('content-security-policy', policy, '<script nonce="abc">refresh()</script>'),
      policy
    )
    assert.equal(storedHeader('x-frame-options', 'DENY', ''), 'DENY')
  })

  test('tile servers are allowed by their origin, subdomain templates as wildcards', ({
    assert,
  }) => {
    assert.equal(
      tileOrigin('https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png'),
      'https://*.tile.opentopomap.org'
    )
    assert.equal(tileOrigin('http://localhost:8080/tiles/{z}/{x}/{y}.png'), 'http://localhost:8080')
    assert.isNull(tileOrigin('/tiles/{z}/{x}/{y}.png'))
  })
})
