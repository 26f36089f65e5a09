import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'
import { precompressFiles } from './app/services/static/precompressed_assets.ts'

/**
 * Brotli and gzip variants of the client build's JS, CSS and SVG files, written next to
 * them and served by app/middleware/precompressed_assets_middleware.ts.
 */
function precompress(): Plugin {
  return {
    name: 'fleettrack:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async writeBundle(options, bundle) {
      if (!options.dir) return
      const count = await precompressFiles(options.dir, Object.keys(bundle))
      this.info(`precompressed ${count} files (brotli and gzip)`)
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    adonisjs({
      entryPoints: ['inertia/app.tsx', 'inertia/css/app.css'],
      serverEntryPoints: ['inertia/ssr.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
    precompress(),
  ],
  // Scan every page at start-up so that no dependency is discovered (and the page
  // reloaded) in the middle of a visit.
  optimizeDeps: {
    entries: ['inertia/app.tsx', 'inertia/pages/**/*.tsx'],
    // Loaded lazily with the first flash message: pre-bundled so that the development server
    // (the browser tests) never re-optimises and reloads a page when it first arrives.
    include: ['sonner'],
  },
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${import.meta.dirname}/inertia/` },
      { find: /^#shared\//, replacement: `${import.meta.dirname}/app/shared/` },
      // Plural and select messages reach the browser parsed (app/services/page_messages.ts):
      // intl-messageformat formats them without its ICU parser.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
})
