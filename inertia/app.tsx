import './css/app.css'
import { createInertiaApp, http } from '@inertiajs/react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { resolvePage } from '~/lib/resolve_page'
import { ensureCsrfCookie } from '~/lib/csrf_cookie'

http.onRequest(async (request) => {
  if (request.method.toLowerCase() !== 'get') await ensureCsrfCookie()
  return request
})

createInertiaApp({
  title: (title) => (title ? `${title} · FleetTrack` : 'FleetTrack'),
  resolve: resolvePage,
  setup({ el, App, props }) {
    if (el.hasChildNodes()) {
      hydrateRoot(el, <App {...props} />)
    } else {
      createRoot(el).render(<App {...props} />)
    }
  },
  progress: { color: '#0f766e' },
})
