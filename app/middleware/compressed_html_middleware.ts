import { gzipSync } from 'node:zlib'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Below this, gzip's header and a round of compression buy nothing. */
const MIN_BYTES = 1024

/**
 * Gzips the HTML pages rendered for this response (the sign-in pages, the back office, a
 * public page not served from the page cache) for browsers that accept it: a back-office page
 * is 150–180 KB of HTML, its props included, and about a fifth of that gzipped. Cached pages
 * and static files arrive here already encoded or as files, and pass as they are.
 */
export default class CompressedHtmlMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await next()
    const { request, response } = ctx
    const body = response.getBody()
    if (
      typeof body !== 'string' ||
      body.length < MIN_BYTES ||
      response.getHeader('content-encoding') ||
      !/^\s*<!DOCTYPE html/i.test(body) ||
      !/\bgzip\b/.test(request.header('accept-encoding') ?? '')
    ) {
      return
    }
    response.header('content-type', 'text/html; charset=utf-8')
    response.header('content-encoding', 'gzip')
    response.append('vary', 'Accept-Encoding')
    response.send(gzipSync(body))
  }
}
