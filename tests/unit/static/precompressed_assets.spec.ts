import { test } from '@japa/runner'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import {
  acceptedEncodings,
  isHashedAsset,
  precompressFiles,
} from '#services/static/precompressed_assets'

test.group('Precompressed assets', () => {
  test('Accept-Encoding: brotli first, then gzip, never what q=0 refuses', ({ assert }) => {
    assert.deepEqual(acceptedEncodings('gzip, deflate, br, zstd'), ['br', 'gzip'])
    assert.deepEqual(acceptedEncodings('gzip'), ['gzip'])
    assert.deepEqual(acceptedEncodings('br;q=0, gzip;q=0.5'), ['gzip'])
    assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip'])
    assert.deepEqual(acceptedEncodings('*;q=0, gzip'), ['gzip'])
    assert.deepEqual(acceptedEncodings('x-gzip'), ['gzip'])
    assert.deepEqual(acceptedEncodings('identity'), [])
    assert.deepEqual(acceptedEncodings(undefined), [])
  })

  test("a hashed asset is Vite's name-hash.ext", ({ assert }) => {
    assert.isTrue(isHashedAsset('/srv/public/assets/routes-BOJ2jbdJ.js'))
    assert.isTrue(isHashedAsset('app-MI0r2OVr.css'))
    assert.isTrue(isHashedAsset('leaflet-src.esm-Db_2x-9a.js'))
    assert.isFalse(isHashedAsset('/srv/public/favicon.svg'))
    assert.isFalse(isHashedAsset('/srv/public/images/posts/cover.jpg'))
  })

  test('the build writes brotli and gzip variants of its text files only', async ({ assert }) => {
    const dir = await mkdtemp(join(tmpdir(), 'precompress-'))
    try {
      const big = 'export const x = 1;\n'.repeat(500)
      await writeFile(join(dir, 'app-AAAAAAAA.js'), big)
      await writeFile(join(dir, 'tiny-BBBBBBBB.js'), 'export {}')
      await writeFile(join(dir, 'photo-CCCCCCCC.png'), Buffer.alloc(4096))
      const count = await precompressFiles(dir, [
        'app-AAAAAAAA.js',
        'tiny-BBBBBBBB.js',
        'photo-CCCCCCCC.png',
      ])
      assert.equal(count, 1)
      assert.equal(
        brotliDecompressSync(await readFile(join(dir, 'app-AAAAAAAA.js.br'))).toString(),
        big
      )
      assert.equal(gunzipSync(await readFile(join(dir, 'app-AAAAAAAA.js.gz'))).toString(), big)
      assert.isFalse(existsSync(join(dir, 'tiny-BBBBBBBB.js.br')), 'too small to gain')
      assert.isFalse(existsSync(join(dir, 'photo-CCCCCCCC.png.br')), 'images are compressed')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
