import { defineConfig } from '@adonisjs/inertia'

/**
 * Pages that draw a Leaflet map render on the client only: Leaflet touches
 * `window` when imported. Their layout (sidebar, header) still comes from SSR
 * through the page component's lazy map import.
 */
const clientOnlyPages = new Set<string>([])

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  ssr: {
    enabled: true,
    entrypoint: 'inertia/ssr.tsx',
    pages: (_ctx, page) => !clientOnlyPages.has(page),
  },
})

export default inertiaConfig
