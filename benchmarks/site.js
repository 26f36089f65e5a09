/**
 * Public site benchmark: `npm run bench:site`.
 *
 * Expects a running production server (`npm start`, or `node bin/server.js` in build/) at
 * BENCH_URL (default http://localhost:3333) with the posts imported. Builds nothing.
 *
 * 1. Latency and throughput: BENCH_CONNECTIONS (50) concurrent clients, each on its own
 *    keep-alive connection, request the home page, then a blog post, for BENCH_SECONDS (10)
 *    seconds each, accepting gzip as browsers do; latency is to the last byte of the body (not
 *    inflated: that is the browser's work, and this load generator shares the server's cores).
 *    Prints p50/p99 latency and req/s.
 * 2. First-visit weight of /, /tr, /pricing, /blog, a post and /login: the HTML, its
 *    stylesheets, module scripts and modulepreloads, the page component's chunk and every
 *    chunk they import, each fetched as a browser does (Accept-Encoding: br, gzip); prints
 *    the bytes on the wire per page (HTML, CSS, JS, total).
 * 3. JavaScript weight of the home page: each file gzipped with zlib -9, and summed.
 *
 * Targets: p99 < 20 ms, home page JavaScript < 150 KB gzipped. Exits 1 when one is missed
 * (BENCH_NO_FAIL=1 only reports).
 */
import http from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { performance } from 'node:perf_hooks'

const BASE = (process.env.BENCH_URL ?? 'http://localhost:3333').replace(/\/$/, '')
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const POST_PATH = process.env.BENCH_POST_PATH ?? null
const TARGET_P99_MS = 20
const TARGET_JS_KB = 150

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)]
}

async function get(path) {
  const response = await fetch(`${BASE}${path}`, { headers: { 'user-agent': 'fleettrack-bench' } })
  const body = await response.arrayBuffer()
  return { status: response.status, body: Buffer.from(body), response }
}

/** A blog post's path: BENCH_POST_PATH, else the first link of the blog index. */
async function blogPostPath() {
  if (POST_PATH) return POST_PATH
  const { body } = await get('/blog')
  const match = /href="(\/blog\/[a-z0-9-]+)"/.exec(body.toString('utf8'))
  if (!match) throw new Error('No blog post on /blog: import the posts (node ace posts:import)')
  return match[1]
}

/** One GET on the client's keep-alive agent: status and body bytes, read to the end. */
function timedGet(agent, path) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${BASE}${path}`,
      { agent, headers: { 'user-agent': 'fleettrack-bench', 'accept-encoding': 'gzip, br' } },
      (response) => {
        let bytes = 0
        response.on('data', (chunk) => (bytes += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode, bytes }))
        response.on('error', reject)
      }
    )
    request.on('error', reject)
  })
}

async function load(path) {
  const latencies = []
  let errors = 0
  let bytes = 0
  const deadline = performance.now() + SECONDS * 1000
  async function client() {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    while (performance.now() < deadline) {
      const started = performance.now()
      try {
        const response = await timedGet(agent, path)
        if (response.status !== 200) errors++
        bytes += response.bytes
      } catch {
        errors++
      }
      latencies.push(performance.now() - started)
    }
    agent.destroy()
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONNECTIONS }, client))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    path,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    kbPerResponse: bytes / Math.max(1, latencies.length) / 1024,
  }
}

function resolveUrl(reference, from) {
  return new URL(reference, from).href
}

/** One GET as a browser sends it (br, gzip): the bytes on the wire and the encoding. */
function transferGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { headers: { 'user-agent': 'fleettrack-bench', 'accept-encoding': 'br, gzip' } },
        (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => {
            const wire = Buffer.concat(chunks)
            const encoding = response.headers['content-encoding'] ?? 'identity'
            const body =
              encoding === 'br'
                ? brotliDecompressSync(wire)
                : encoding === 'gzip'
                  ? gunzipSync(wire)
                  : wire
            resolve({ status: response.statusCode, wire: wire.length, body, encoding })
          })
          response.on('error', reject)
        }
      )
      .on('error', reject)
  })
}

/**
 * What a first visit to a page downloads: the HTML, its stylesheets, its module scripts and
 * modulepreloads, the page component's chunk and every chunk they import statically. For
 * each file: the bytes on the wire (as the server sends them to a browser accepting br and
 * gzip), raw bytes and the gzip -9 size.
 */
async function pageAssets(path) {
  const pageUrl = `${BASE}${path}`
  const page = await transferGet(pageUrl)
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}`)
  const html = page.body.toString('utf8')
  const files = new Map()
  files.set(pageUrl, {
    kind: 'html',
    raw: page.body.length,
    wire: page.wire,
    encoding: page.encoding,
  })
  const queue = []
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) {
    queue.push(resolveUrl(match[1], pageUrl))
  }
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) {
    queue.push(resolveUrl(match[1], pageUrl))
  }
  // The stylesheet: linked (back office), or preloaded and applied by the client (public
  // pages, which carry their first paint's rules inline in the HTML).
  for (const match of html.matchAll(
    /<link[^>]+rel="(?:stylesheet|preload)"[^>]+href="([^"]+\.css)"/g
  )) {
    queue.push(resolveUrl(match[1], pageUrl))
  }
  const component = /"component":"([^"]+)"/.exec(html)?.[1]?.replace(/\\\//g, '/')

  while (queue.length > 0) {
    const url = queue.shift()
    if (files.has(url)) continue
    const response = await transferGet(url)
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    const source = response.body
    const kind = url.endsWith('.css') ? 'css' : 'js'
    files.set(url, {
      kind,
      raw: source.length,
      wire: response.wire,
      encoding: response.encoding,
      gzip: gzipSync(source, { level: 9 }).length,
    })
    if (kind !== 'js') continue
    const text = source.toString('utf8')
    // Static imports of the chunk: import{…}from"./x.js" and import"./x.js".
    for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+?\.js)["'`]/g)) {
      queue.push(resolveUrl(match[1], url))
    }
    // The page component, loaded lazily by the entry: "../pages/<name>.tsx":()=>…import("./x.js").
    const pageFile = component ? pageChunk(text, component) : null
    if (pageFile) queue.push(resolveUrl(pageFile, url))
  }
  return { component, files }
}

function sum(files, kind, field) {
  let total = 0
  for (const file of files.values()) if (!kind || file.kind === kind) total += file[field] ?? 0
  return total
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The file of the page component in the entry's lazy page map, if this chunk holds it. */
function pageChunk(text, component) {
  const at = text.indexOf(`"../pages/${component}.tsx"`)
  if (at === -1) return null
  return (
    /import\(\s*["'`](\.{1,2}\/[^"'`]+?\.js)["'`]\s*\)/.exec(text.slice(at, at + 300))?.[1] ?? null
  )
}

function ms(value) {
  return `${value.toFixed(1)} ms`
}

async function main() {
  console.log(`FleetTrack public site benchmark against ${BASE}`)
  console.log(`${CONNECTIONS} concurrent clients, ${SECONDS} s per page\n`)

  const home = await get('/')
  if (home.status !== 200)
    throw new Error(`${BASE}/ answered ${home.status}; is the server running?`)
  const postPath = await blogPostPath()

  // Warm up (SSR module cache, database pool, post caches).
  for (const path of ['/', postPath]) for (let i = 0; i < 20; i++) await get(path)

  const results = []
  for (const path of ['/', postPath]) {
    const result = await load(path)
    results.push(result)
    console.log(
      `${path.padEnd(48)} ${result.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(result.p50).padStart(9)}   p99 ${ms(result.p99).padStart(9)}   max ${ms(result.max).padStart(9)}   ${result.kbPerResponse.toFixed(1)} KB/response   errors ${result.errors}`
    )
  }

  // What each public page downloads on a first visit, compressed as sent.
  console.log('\nFirst visit, bytes on the wire (br/gzip as sent to a browser):')
  console.log(
    `  ${'page'.padEnd(40)} ${'HTML'.padStart(9)} ${'CSS'.padStart(9)} ${'JS'.padStart(9)} ${'total'.padStart(9)}   files`
  )
  let homeAssets = null
  for (const path of ['/', '/tr', '/pricing', '/blog', postPath, '/login']) {
    const assets = await pageAssets(path)
    if (path === '/') homeAssets = assets
    const { files } = assets
    console.log(
      `  ${path.padEnd(40)} ${kb(sum(files, 'html', 'wire')).padStart(9)} ${kb(sum(files, 'css', 'wire')).padStart(9)} ${kb(sum(files, 'js', 'wire')).padStart(9)} ${kb(sum(files, null, 'wire')).padStart(9)}   ${files.size}`
    )
  }

  const { component, files } = homeAssets
  const gzip = sum(files, 'js', 'gzip')
  const raw = sum(files, 'js', 'raw')
  console.log(`\nJavaScript loaded by the home page (component ${component}):`)
  for (const [url, size] of [...files]
    .filter(([, file]) => file.kind === 'js')
    .sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(
      `  ${(size.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(size.wire / 1024).toFixed(1).padStart(7)} KB sent (${size.encoding})  ${new URL(url).pathname}`
    )
  }
  const jsFiles = [...files.values()].filter((file) => file.kind === 'js').length
  console.log(
    `  ${(gzip / 1024).toFixed(1).padStart(7)} KB gz total (${(raw / 1024).toFixed(1)} KB raw, ${jsFiles} files)\n`
  )

  const failures = []
  for (const result of results) {
    if (!(result.p99 < TARGET_P99_MS))
      failures.push(`${result.path}: p99 ${ms(result.p99)} ≥ ${TARGET_P99_MS} ms`)
    if (result.errors > 0) failures.push(`${result.path}: ${result.errors} failed requests`)
  }
  if (!(gzip / 1024 < TARGET_JS_KB))
    failures.push(`home page JavaScript ${(gzip / 1024).toFixed(1)} KB gz ≥ ${TARGET_JS_KB} KB`)

  if (failures.length === 0) {
    console.log(`All targets met (p99 < ${TARGET_P99_MS} ms, JavaScript < ${TARGET_JS_KB} KB gz).`)
  } else {
    for (const failure of failures) console.log(`Target missed: ${failure}`)
    if (!process.env.BENCH_NO_FAIL) process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error.message ?? error)
  process.exitCode = 1
})
