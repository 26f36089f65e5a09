import { defineConfig } from '@adonisjs/shield'
import app from '@adonisjs/core/services/app'
import mapConfig from '#config/map'

/**
 * Where a tile URL template loads images from: `https://{s}.tile.example.org/{z}/...`
 * gives `https://*.tile.example.org`.
 */
export function tileOrigin(template: string): string | null {
  const match = template.match(/^(https?:\/\/)([^/]+)/)
  return match ? `${match[1]}${match[2].replace(/\{[a-z]\}/g, '*')}` : null
}

const tileOrigins = [
  ...new Set(
    Object.values(mapConfig.layers)
      .map((layer) => (layer.url ? tileOrigin(layer.url) : null))
      .filter((origin): origin is string => origin !== null)
  ),
]

/** Google Analytics 4, loaded by the cookie banner only after the visitor's consent. */
const analytics = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
]

/**
 * CSRF protects every form. The token also travels in the XSRF-TOKEN cookie,
 * which the Inertia client sends back as X-XSRF-TOKEN. The tracker protocols
 * (their own ports) and the OsmAnd endpoint never pass through this server.
 *
 * The Content-Security-Policy allows scripts from this origin only (the page data Inertia
 * needs is a JSON block, not a script), an inline script only with the response's nonce (the
 * development server's React refresh), and Google Analytics once the visitor consented (the
 * banner adds its script; nothing of Google loads before). Styles may be inline: React and
 * Leaflet position elements with style attributes, and a public page carries its first
 * paint's rules in a <style> element (app/services/static/page_styles.ts). A nonce or hash in
 * style-src would turn 'unsafe-inline' off for both, and the page cache serves one HTML to
 * many responses, each with its own nonce. Images come from here and the map tiles.
 */
const shieldConfig = defineConfig({
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, '@nonce', analytics[0]],
      styleSrc: [`'self'`, `'unsafe-inline'`],
      imgSrc: [`'self'`, 'data:', 'blob:', ...tileOrigins, ...analytics],
      connectSrc: [`'self'`, ...analytics, ...(app.inProduction ? [] : ['ws:', 'wss:'])],
      fontSrc: [`'self'`, 'data:'],
      workerSrc: [`'self'`],
      manifestSrc: [`'self'`],
      objectSrc: [`'none'`],
      baseUri: [`'self'`],
      formAction: [`'self'`],
      frameAncestors: [`'none'`],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // Live-update subscriptions (/__transmit/subscribe) are checked too: the
    // Transmit client sends X-XSRF-TOKEN like the Inertia client.
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    // A card provider's notifications and the buyer's return carry no CSRF token; they are
    // verified by signature and by asking the provider (app/services/billing/card_payments.ts).
    // The JSON API answers by bearer token only, never by session (api_auth.ts): no CSRF.
    exceptRoutes: (ctx) =>
      /^\/billing\/[a-z]+\/(notification|return)$/.test(ctx.request.url()) ||
      ctx.request.url().startsWith('/api/'),
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
