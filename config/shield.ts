import { defineConfig } from '@adonisjs/shield'

/**
 * CSRF protects every form. The token also travels in the XSRF-TOKEN cookie,
 * which the Inertia client sends back as X-XSRF-TOKEN. The tracker protocols
 * (their own ports) and the OsmAnd endpoint never pass through this server.
 */
const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    // Live-update subscriptions (/__transmit/subscribe) are checked too: the
    // Transmit client sends X-XSRF-TOKEN like the Inertia client.
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    // A card provider's notifications and the buyer's return carry no CSRF token; they are
    // verified by signature and by asking the provider (app/services/billing/card_payments.ts).
    exceptRoutes: (ctx) => /^\/billing\/[a-z]+\/(notification|return)$/.test(ctx.request.url()),
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
