import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Headers every answer carries: links to other sites send only our origin
 * (Referrer-Policy), and what a signed-in user sees is never stored by a browser
 * or a proxy cache (Cache-Control: no-store; exports set it themselves too).
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.response.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    await next()
    if (ctx.auth.isAuthenticated) ctx.response.header('Cache-Control', 'no-store')
  }
}
