import { defineConfig } from '@adonisjs/static'
import app from '@adonisjs/core/services/app'
import {
  IMMUTABLE_CACHE_CONTROL,
  isCompressible,
  isHashedAsset,
} from '#services/static/precompressed_assets'

/**
 * Configuration options to tweak the static files middleware.
 * The complete set of options are documented on the
 * official documentation website.
 *
 * https://docs.adonisjs.com/guides/static-assets
 *
 * Built assets whose name carries Vite's content hash are cached for a year; their
 * brotli and gzip variants are served before this middleware
 * (app/middleware/precompressed_assets_middleware.ts), so the files it sends itself vary
 * by Accept-Encoding too.
 */
const builtAssets = app.publicPath('assets')

const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  headers: (path) => {
    const headers: Record<string, string> = {}
    if (path.startsWith(builtAssets) && isHashedAsset(path))
      headers['Cache-Control'] = IMMUTABLE_CACHE_CONTROL
    if (isCompressible(path)) headers['Vary'] = 'Accept-Encoding'
    return headers
  },
})

export default staticServerConfig
