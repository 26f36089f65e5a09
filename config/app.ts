import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/core/http'

export const appKey = env.get('APP_KEY')
export const appUrl = env.get('APP_URL', `http://localhost:${env.get('PORT', 3333)}`)

export const http = defineConfig({
  generateRequestId: true,
  allowMethodSpoofing: true,
  useAsyncLocalStorage: true,
  // Behind a reverse proxy set TRUST_PROXY=true so X-Forwarded-For gives the client's address.
  trustProxy: () => env.get('TRUST_PROXY', false),
  // Commas stay in values: table filters and field lists parse them themselves.
  qs: {
    parse: { depth: 5, parameterLimit: 1000, allowSparse: false, arrayLimit: 20, comma: false },
    stringify: { encode: true, encodeValuesOnly: false, arrayFormat: 'indices', skipNulls: false },
  },
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction && appUrl.startsWith('https://'),
    sameSite: 'lax',
  },
})
