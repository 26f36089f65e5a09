import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { onPostsChanged } from '#services/site/post_queries'

/*
| The public site's page cache: the server-rendered HTML of public pages, as anonymous
| visitors without flash messages see it, kept for a short while (SITE_PAGE_CACHE_SECONDS,
| 60 in production, off elsewhere) and cleared when posts are imported. What a page shows
| depends only on its URL for those visitors: the language is in the path, the footer posts
| and content come from the database, and the HTML holds no session or CSRF data (Inertia
| reads the XSRF cookie). Signed-in visitors, Inertia visits (JSON) and responses that
| are not 200 are never cached. Each process has its own cache.
*/

const MAX_ENTRIES = 500

type Entry = { body: string; at: number }
const entries = new Map<string, Entry>()

function defaultTtlSeconds(): number {
  const configured = Number(env.get('SITE_PAGE_CACHE_SECONDS'))
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

function cacheable(ctx: HttpContext): boolean {
  return (
    ttlMs > 0 &&
    ctx.request.method() === 'GET' &&
    !ctx.request.header('x-inertia') &&
    !ctx.auth.user &&
    ctx.session.flashMessages.isEmpty
  )
}

/** Route middleware of the public pages (start/routes/site.ts). */
export async function sitePageCache(ctx: HttpContext, next: NextFn) {
  if (!cacheable(ctx)) return next()
  const key = ctx.request.url(true)
  const hit = entries.get(key)
  if (hit && Date.now() - hit.at < ttlMs) {
    entries.delete(key)
    entries.set(key, hit)
    ctx.response.header('content-type', 'text/html; charset=utf-8')
    ctx.response.header('x-page-cache', 'hit')
    return ctx.response.send(hit.body)
  }

  await next()

  const body = ctx.response.getBody()
  if (
    ctx.response.getStatus() === 200 &&
    typeof body === 'string' &&
    !ctx.auth.user &&
    ctx.session.responseFlashMessages.isEmpty
  ) {
    entries.delete(key)
    entries.set(key, { body, at: Date.now() })
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    ctx.response.header('x-page-cache', 'miss')
  }
}
