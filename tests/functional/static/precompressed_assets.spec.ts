import { test } from '@japa/runner'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import http from 'node:http'
import app from '@adonisjs/core/services/app'
import { precompressFile } from '#services/static/precompressed_assets'
import { baseUrl } from '#tests/helpers/http_session'

/*
| The test server runs Vite in development mode, so no production build is in
| public/assets: the test writes a hashed bundle (with the variants the build writes)
| and an unhashed file there, and fetches them through the real middleware stack.
*/
const folder = `static-test-${process.pid}`
const script = `console.log(${JSON.stringify('fleettrack '.repeat(400))});\n`

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}/assets/${folder}/${path}`, { headers })
}

function statusOf(path: string, headers: Record<string, string>) {
  return new Promise<number | undefined>((resolve, reject) => {
    http
      .get(`${baseUrl()}/assets/${folder}/${path}`, { headers }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode))
      })
      .on('error', reject)
  })
}

test.group('Static assets', (group) => {
  group.setup(async () => {
    const dir = app.publicPath('assets', folder)
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'app-B799L6mP.js'), script)
    await writeFile(join(dir, 'plain.css'), `body{color:#0f172a}\n`.repeat(100))
    await precompressFile(join(dir, 'app-B799L6mP.js'))
    await precompressFile(join(dir, 'plain.css'))
    return () => rm(dir, { recursive: true, force: true })
  })

  test('a hashed bundle is sent in brotli to browsers that accept it, cached for a year', async ({
    assert,
  }) => {
    const response = await get('app-B799L6mP.js', { 'accept-encoding': 'gzip, deflate, br' })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-encoding'), 'br')
    assert.equal(response.headers.get('vary'), 'Accept-Encoding')
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.include(response.headers.get('content-type')!, 'javascript')
    assert.isBelow(Number(response.headers.get('content-length')), script.length / 10)
    assert.equal(await response.text(), script, 'fetch inflates it to the original')
  })

  test('gzip when brotli is not accepted, and a 304 for a known ETag', async ({ assert }) => {
    const response = await get('app-B799L6mP.js', { 'accept-encoding': 'gzip' })
    assert.equal(response.headers.get('content-encoding'), 'gzip')
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.equal(await response.text(), script)

    // Not through fetch: it adds Cache-Control: no-cache to conditional requests.
    const again = await statusOf('app-B799L6mP.js', {
      'accept-encoding': 'gzip',
      'if-none-match': response.headers.get('etag')!,
    })
    assert.equal(again, 304)

    const refused = await get('app-B799L6mP.js', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    assert.isNull(refused.headers.get('content-encoding'))
  })

  test('the file as it is without Accept-Encoding, still cached and varying', async ({
    assert,
  }) => {
    const response = await get('app-B799L6mP.js', { 'accept-encoding': 'identity' })
    assert.equal(response.status, 200)
    assert.isNull(response.headers.get('content-encoding'))
    assert.equal(response.headers.get('vary'), 'Accept-Encoding')
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.equal(Number(response.headers.get('content-length')), script.length)
    assert.equal(await response.text(), script)
  })

  test('a file without a content hash is compressed but revalidated', async ({ assert }) => {
    const response = await get('plain.css', { 'accept-encoding': 'br' })
    assert.equal(response.headers.get('content-encoding'), 'br')
    assert.equal(response.headers.get('cache-control'), 'public, max-age=0')
    assert.include(response.headers.get('content-type')!, 'text/css')

    const missing = await get('missing-B799L6mP.js', { 'accept-encoding': 'br' })
    assert.equal(missing.status, 404)
  })
})
