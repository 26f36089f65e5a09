import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import adonisjs from '@adonisjs/vite/client'

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      serverEntryPoints: ['inertia/ssr.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
  ],
  // Scan every page at start-up so that no dependency is discovered (and the page
  // reloaded) in the middle of a visit.
  optimizeDeps: {
    entries: ['inertia/app.tsx', 'inertia/pages/**/*.tsx'],
  },
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      '#shared/': `${import.meta.dirname}/app/shared/`,
    },
  },
})
