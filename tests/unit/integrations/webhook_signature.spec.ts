import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import { signature, verifySignature } from '#services/integrations/webhooks'

const secret = 'whsec-test-secret'
const body = '{"id":7,"event":{"code":"105"}}'

test.group('Webhook signature over timestamp and body', () => {
  test('the signature is the HMAC of "<timestamp>.<body>"', ({ assert }) => {
    const expected = createHmac('sha256', secret).update(`1764057600.${body}`).digest('hex')
    assert.equal(signature(secret, '1764057600', body), `sha256=${expected}`)
    // The body alone no longer gives the signature.
    assert.notEqual(
      signature(secret, '1764057600', body),
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
    )
  })

  test('the documented check accepts a fresh delivery and refuses replays and forgeries', ({
    assert,
  }) => {
    const sent = 1_764_057_600
    const header = signature(secret, String(sent), body)
    const check = (overrides: Partial<Parameters<typeof verifySignature>[0]>) =>
      verifySignature({
        secret,
        body,
        timestamp: String(sent),
        signature: header,
        nowSeconds: sent + 10,
        ...overrides,
      })
    assert.equal(check({}), 'valid')
    assert.equal(check({ nowSeconds: sent + 300 }), 'valid')
    // Replayed six minutes later: refused.
    assert.equal(check({ nowSeconds: sent + 360 }), 'stale')
    // A replay with a fresh timestamp does not match the signature.
    assert.equal(check({ timestamp: String(sent + 360), nowSeconds: sent + 360 }), 'forged')
    assert.equal(check({ body: body.replace('105', '106') }), 'forged')
    assert.equal(check({ secret: 'another' }), 'forged')
    assert.equal(check({ timestamp: undefined }), 'forged')
    assert.equal(check({ signature: 'sha256=00' }), 'forged')
  })
})
