import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import app from '@adonisjs/core/services/app'
import siteConfig from '#config/site'
import { onPostsChanged } from '#services/site/post_queries'
import { SESSION_COOKIE } from '#config/session'

/*
| The public site's page cache: the server-rendered HTML of public pages, as anonymous
| visitors without flash messages see it, kept for a short while (SITE_PAGE_CACHE_SECONDS,
| 60 in production, off elsewhere) and cleared when posts are imported. What a page shows
| depends only on its URL for those visitors: the language is in the path, the footer posts
| and content come from the database, and the HTML holds no session or CSRF data (Inertia
| reads the XSRF cookie). Signed-in visitors, Inertia visits (JSON) and responses that
| are not 200 are never cached. Each process has its own cache.
|
| Visitors without a session cookie (first visits, and anyone who never posted a form or
| signed in) are answered before the session, auth and Inertia middleware run
| (`serveCachedPage`, early in start/kernel.ts): no session is started for them and no
| cookie is set until they need one. Their first form post fetches the XSRF cookie first
| (app/shared/csrf_cookie.ts). In the web process those hits are answered even earlier, on
| Node's own request before the framework makes a context for it (`serveCachedPageRaw`,
| bin/server.ts): a request id, a child logger and a container resolver per hit were most
| of what a cached page cost.
*/

const MAX_ENTRIES = 500

/** Response headers not replayed from the cache: per-visitor or per-response. */
const UNREPLAYED_HEADERS = new Set([
  'set-cookie',
  'x-request-id',
  'content-length',
  'content-encoding',
  'vary',
  'x-page-cache',
])

/**
 * The page as UTF-8 and gzipped once, with every response header of either answer, so that
 * a hit encodes, compresses and assembles nothing.
 */
type Entry = {
  body: Buffer
  gzipped: Buffer
  plainHeaders: Record<string, string>
  gzipHeaders: Record<string, string>
  at: number
}
const entries = new Map<string, Entry>()
const sessionCookie = `${SESSION_COOKIE}=`

function defaultTtlSeconds(): number {
  const configured = Number(siteConfig.pageCacheSeconds)
  if (Number.isFinite(configured) && configured >= 0) return configured
  return app.inProduction ? 60 : 0
}

let ttlMs = defaultTtlSeconds() * 1000

/** Turns the cache on or off (tests); clears it. */
export function configurePageCache(options: { ttlSeconds: number }) {
  ttlMs = Math.max(0, options.ttlSeconds) * 1000
  clearPageCache()
}

export function clearPageCache() {
  entries.clear()
}

onPostsChanged(clearPageCache)

/** A full-page GET while the cache is on: what any cached answer needs first. */
function pageRequest({ request }: HttpContext): boolean {
  return ttlMs > 0 && request.method() === 'GET' && !request.header('x-inertia')
}

function cacheable(ctx: HttpContext): boolean {
  return pageRequest(ctx) && !ctx.auth.user && ctx.session.flashMessages.isEmpty
}

function freshEntry(key: string): Entry | null {
  const hit = entries.get(key)
  if (!hit || Date.now() - hit.at >= ttlMs) return null
  entries.delete(key)
  entries.set(key, hit)
  return hit
}

/**
 * A nonce is for one response. A production page has no inline script, so its cached copy
 * is replayed with a policy without the nonce the first visitor's response had. Only the
 * development server's inline React refresh carries one; that copy keeps it, or it would
 * not run.
 */
export function storedHeader(name: string, value: string, html: string) {
  if (name !== 'content-security-policy' || html.includes(' nonce="')) return value
  return value.replace(/ 'nonce-[^']*'/g, '')
}

function send(ctx: HttpContext, entry: Entry) {
  const gzip = acceptsGzip(ctx.request.header('accept-encoding'))
  const headers = gzip ? entry.gzipHeaders : entry.plainHeaders
  for (const name in headers) {
    if (name !== 'content-length') ctx.response.header(name, headers[name])
  }
  ctx.response.send(gzip ? entry.gzipped : entry.body)
}

function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && /\bgzip\b/.test(header)
}

function entryOf(body: Buffer, replayed: [string, string][]): Entry {
  const gzipped = gzipSync(body)
  const common: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' }
  for (const [name, value] of replayed) common[name] = value
  common['x-page-cache'] = 'hit'
  common['vary'] = 'Accept-Encoding'
  return {
    body,
    gzipped,
    plainHeaders: { ...common, 'content-length': String(body.length) },
    gzipHeaders: {
      ...common,
      'content-encoding': 'gzip',
      'content-length': String(gzipped.length),
    },
    at: Date.now(),
  }
}

/**
 * A cached page for a visitor without a session cookie, on Node's request and response,
 * before the framework sees the request (bin/server.ts); false when the request must go on
 * to it. The same rules as `serveCachedPage`, which still answers when this is not in front
 * (tests, other entry points). The key is the raw request target: where it differs from the
 * framework's form of the URL the request simply goes on.
 */
export function serveCachedPageRaw(req: IncomingMessage, res: ServerResponse): boolean {
  if (entries.size === 0 || ttlMs === 0 || req.method !== 'GET' || req.url === undefined) {
    return false
  }
  if (req.headers['x-inertia'] !== undefined || req.headers.cookie?.includes(sessionCookie)) {
    return false
  }
  const hit = freshEntry(req.url)
  if (!hit) return false
  const gzip = acceptsGzip(req.headers['accept-encoding'])
  res.writeHead(200, gzip ? hit.gzipHeaders : hit.plainHeaders)
  res.end(gzip ? hit.gzipped : hit.body)
  return true
}

/**
 * Server middleware, early in the stack: a cached page for a visitor without a session
 * cookie, before the session, auth and Inertia middleware run for nothing.
 */
export async function serveCachedPage(ctx: HttpContext, next: NextFn) {
  const { request } = ctx
  if (
    entries.size === 0 ||
    !pageRequest(ctx) ||
    request.header('cookie')?.includes(sessionCookie)
  ) {
    return next()
  }
  const hit = freshEntry(request.url(true))
  if (!hit) return next()
  send(ctx, hit)
}

/** Route middleware of the public pages (start/routes/site.ts): fills the cache. */
export async function sitePageCache(ctx: HttpContext, next: NextFn) {
  if (!cacheable(ctx)) return next()
  const key = ctx.request.url(true)
  const hit = freshEntry(key)
  if (hit) return send(ctx, hit)

  await next()

  const body = ctx.response.getBody()
  if (
    ctx.response.getStatus() === 200 &&
    typeof body === 'string' &&
    !ctx.auth.user &&
    ctx.session.responseFlashMessages.isEmpty
  ) {
    const headers = Object.entries(ctx.response.getHeaders())
      .filter(([name, value]) => typeof value === 'string' && !UNREPLAYED_HEADERS.has(name))
      .map(([name, value]) => [name, storedHeader(name, value as string, body)] as [string, string])
    entries.delete(key)
    entries.set(key, entryOf(Buffer.from(body), headers))
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    ctx.response.header('x-page-cache', 'miss')
  }
}
