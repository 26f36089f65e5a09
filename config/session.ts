import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/session'

/** Read by the page cache to tell first visits from returning ones. */
export const SESSION_COOKIE = 'fleettrack-session'

/**
 * The session cookie is HTTP-only and SameSite=Lax, and Secure whenever the
 * app is served over HTTPS (APP_URL starting with https://). Sessions last 30
 * days of inactivity.
 */
const secure = env.get('APP_URL', '').startsWith('https://')

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: SESSION_COOKIE,
  clearWithBrowser: false,
  age: '30d',
  cookie: {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'lax',
  },
  store: env.get('SESSION_DRIVER', 'cookie'),
  stores: {
    cookie: stores.cookie(),
  },
})

export default sessionConfig
