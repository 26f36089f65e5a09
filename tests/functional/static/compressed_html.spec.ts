import { test } from '@japa/runner'
import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import { baseUrl } from '#tests/helpers/http_session'

/** The raw response: headers and body bytes as sent, not decoded. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseUrl()}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) })
        )
      })
      .on('error', reject)
  })
}

test.group('Compressed HTML', () => {
  test('a rendered page is gzipped for a browser that accepts it', async ({ assert }) => {
    const { headers, body } = await rawGet('/login', { 'accept-encoding': 'gzip, deflate, br' })
    assert.equal(headers['content-encoding'], 'gzip')
    assert.match(String(headers['vary']), /Accept-Encoding/i)
    assert.match(String(headers['content-type']), /^text\/html/)
    const html = gunzipSync(body).toString('utf8')
    assert.match(html, /^<!DOCTYPE html>/i)
    assert.isBelow(body.length, html.length / 2)
  })

  test('and sent as it is to a client that does not', async ({ assert }) => {
    const { headers, body } = await rawGet('/login')
    assert.isUndefined(headers['content-encoding'])
    assert.match(body.toString('utf8'), /^<!DOCTYPE html>/i)
  })

  test('JSON is left alone', async ({ assert }) => {
    const { headers } = await rawGet('/login', {
      'accept-encoding': 'gzip',
      'x-inertia': 'true',
      'x-requested-with': 'XMLHttpRequest',
    })
    assert.match(String(headers['content-type']), /json/)
    assert.isUndefined(headers['content-encoding'])
  })
})
