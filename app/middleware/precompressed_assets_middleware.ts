import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import { servePrecompressed } from '#services/static/precompressed_assets'

/**
 * Built assets (public/assets) in the brotli or gzip variant written at build time
 * (app/services/static/precompressed_assets.ts); anything else goes on to the static
 * middleware.
 */
export default class PrecompressedAssetsMiddleware {
  #root = app.publicPath()

  async handle(ctx: HttpContext, next: NextFn) {
    if (await servePrecompressed(ctx, { root: this.#root, prefix: '/assets/' })) return
    return next()
  }
}
