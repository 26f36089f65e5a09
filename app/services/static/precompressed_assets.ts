import { createReadStream } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join, posix, sep } from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import type { HttpContext } from '@adonisjs/core/http'

/*
| Static assets, compressed once at build time and cached for a year.
|
| `precompressDirectory` (called by the Vite plugin in vite.config.ts after the client
| build) writes `<file>.br` and `<file>.gz` next to every compressible file of
| public/assets. `servePrecompressed` (app/middleware/precompressed_assets_middleware.ts,
| before the static middleware) answers a request for such a file with the variant the
| client accepts. Files whose name carries Vite's content hash never change under the
| same URL, so they are sent with `Cache-Control: public, max-age=31536000, immutable`
| (config/static.ts does the same for the files the static middleware serves itself).
*/

export type Encoding = 'br' | 'gzip'

const EXTENSIONS: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml'])

/** Files smaller than this are sent as they are (compression would gain nothing). */
const MIN_BYTES = 1024

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/** Vite's output names: `<name>-<8 character content hash>.<ext>`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/

export function isCompressible(path: string): boolean {
  return COMPRESSIBLE.has(extname(path).toLowerCase())
}

/** A built asset whose name carries its content hash (so its content never changes). */
export function isHashedAsset(path: string): boolean {
  return HASHED_NAME.test(path.split(/[\\/]/).at(-1) ?? '')
}

/**
 * The encodings an Accept-Encoding header allows, best first: brotli, then gzip, each
 * unless refused with q=0 (explicitly or through `*;q=0`).
 */
export function acceptedEncodings(header: string | undefined | null): Encoding[] {
  if (!header) return []
  const quality = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    quality.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const allowed = (name: Encoding) => {
    const q = quality.get(name) ?? (name === 'gzip' ? quality.get('x-gzip') : undefined)
    return (q ?? quality.get('*') ?? 0) > 0
  }
  return (['br', 'gzip'] as const).filter(allowed)
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Writes the brotli and gzip variants of one file, unless they would not be smaller. */
export async function precompressFile(path: string): Promise<Encoding[]> {
  const source = await readFile(path)
  if (source.length < MIN_BYTES) return []
  const written: Encoding[] = []
  const variants: [Encoding, Buffer][] = [
    [
      'br',
      await brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    ],
    ['gzip', await gzipAsync(source, { level: 9 })],
  ]
  for (const [encoding, compressed] of variants) {
    if (compressed.length >= source.length) continue
    await writeFile(path + EXTENSIONS[encoding], compressed)
    written.push(encoding)
  }
  return written
}

/**
 * Precompresses the compressible files among `fileNames` (relative to `dir`, as a
 * bundle lists them), skipping dotfiles such as Vite's manifest; returns how many got
 * a variant.
 */
export async function precompressFiles(dir: string, fileNames: string[]): Promise<number> {
  let count = 0
  for (const name of fileNames) {
    if (!isCompressible(name) || name.split(/[\\/]/).some((s) => s.startsWith('.'))) continue
    const written = await precompressFile(join(dir, name))
    if (written.length > 0) count++
  }
  return count
}

/** The file a URL path names under `root`, or null when it leaves it or names a dotfile. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const normalized = posix.normalize(decoded)
  if (!normalized.startsWith('/') || normalized.split('/').some((s) => s.startsWith('.'))) {
    return null
  }
  return join(
    root,
    ...normalized
      .split('/')
      .filter(Boolean)
      .map((s) => s.replaceAll(sep, ''))
  )
}

async function fileStats(path: string) {
  try {
    const stats = await stat(path)
    return stats.isFile() ? stats : null
  } catch {
    return null
  }
}

/**
 * Answers a GET or HEAD for a compressible file under `prefix` with its precompressed
 * variant when the client accepts one and it exists; returns false to let the static
 * middleware send the file as it is.
 */
export async function servePrecompressed(
  ctx: HttpContext,
  options: { root: string; prefix: string }
): Promise<boolean> {
  const { request, response } = ctx
  const method = request.method()
  if (method !== 'GET' && method !== 'HEAD') return false
  const urlPath = request.url()
  if (!urlPath.startsWith(options.prefix) || !isCompressible(urlPath)) return false

  const file = fileFor(options.root, urlPath)
  if (!file) return false

  for (const encoding of acceptedEncodings(request.header('accept-encoding'))) {
    const variant = file + EXTENSIONS[encoding]
    const stats = await fileStats(variant)
    if (!stats) continue
    // The original must exist too: a stray variant never stands for a removed file.
    if (!(await fileStats(file))) return false

    response.type(extname(file))
    response.header('content-encoding', encoding)
    response.header('vary', 'Accept-Encoding')
    response.header(
      'cache-control',
      isHashedAsset(file) ? IMMUTABLE_CACHE_CONTROL : 'public, max-age=0'
    )
    response.header('last-modified', stats.mtime.toUTCString())
    response.header(
      'etag',
      `W/"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}-${encoding}"`
    )
    if (response.fresh()) {
      response.status(304)
      response.send('')
      return true
    }
    response.header('content-length', String(stats.size))
    // Node writes no body for HEAD.
    response.stream(createReadStream(variant))
    return true
  }
  return false
}
