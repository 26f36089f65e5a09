import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { serveCachedPage } from '#services/site/page_cache'

/** Cached public pages for visitors without a session (app/services/site/page_cache.ts). */
export default class CachedPageMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    return serveCachedPage(ctx, next)
  }
}
