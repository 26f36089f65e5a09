import { createInertiaApp, http } from '@inertiajs/react'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { resolvePage } from '~/lib/resolve_page'
import { ensureCsrfCookie } from '~/lib/csrf_cookie'

/**
 * A public page arrives with the styles its markup uses inline and the whole stylesheet
 * preloaded (app/services/static/page_styles.ts): applied here, and loaded before React
 * hydrates, so that what the client renders beyond the server's markup (the cookie banner, an
 * opened menu, the next page) is styled. Resolves at once on the other pages.
 */
function applyDeferredStylesheets(): Promise<unknown> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[data-deferred-stylesheet]')
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise((settled) => {
          link.addEventListener('load', settled, { once: true })
          link.addEventListener('error', settled, { once: true })
          link.rel = 'stylesheet'
        })
    )
  )
}

http.onRequest(async (request) => {
  if (request.method.toLowerCase() !== 'get') await ensureCsrfCookie()
  return request
})

/**
 * A server-rendered page is painted before the app starts: reading the page's props, the
 * router and the page's code would otherwise run between the end of the HTML and its first
 * frame (the browser runs the scripts as soon as the document is parsed, before painting
 * it). A page without server-rendered markup has nothing to paint and starts at once.
 */
function afterFirstPaint(start: () => void) {
  // A tab opened in the background paints no frame until shown: it starts at once.
  if (!document.getElementById('app')?.hasChildNodes() || document.hidden) return start()
  requestAnimationFrame(() => setTimeout(start, 0))
}

afterFirstPaint(() =>
  createInertiaApp({
    title: (title) => (title ? `${title} · FleetTrack` : 'FleetTrack'),
    resolve: resolvePage,
    setup({ el, App, props }) {
      void applyDeferredStylesheets().then(() => {
        if (el.hasChildNodes()) {
          // As a transition, hydration yields to the browser every few milliseconds instead
          // of holding a phone's main thread for one long task (Lighthouse's total blocking
          // time).
          startTransition(() => {
            hydrateRoot(el, <App {...props} />)
          })
        } else {
          createRoot(el).render(<App {...props} />)
        }
      })
    },
    progress: { color: '#0f766e' },
  })
)
