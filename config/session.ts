import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/session'

/** Read by the page cache to tell first visits from returning ones. */
export const SESSION_COOKIE = 'fleettrack-session'

/**
 * The session cookie is HTTP-only and SameSite=Lax, and Secure whenever the
 * app is served over HTTPS (APP_URL starting with https://). Sessions last 30
 * days of inactivity.
 *
 * Sessions live on the server (the cookie carries only their id): in PostgreSQL
 * by default, in Redis when REDIS_URL is set, or as SESSION_DRIVER says. So signing
 * out ends a session, and a password change or "sign out everywhere" ends the
 * user's other sessions (app/services/user_sessions.ts). The cookie store cannot
 * revoke anything and is kept for experiments only; tests use memory.
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
  store: env.get('SESSION_DRIVER', env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    database: stores.database({ tableName: 'sessions' }),
    redis: stores.redis({ connection: 'main' }),
    cookie: stores.cookie(),
  },
})

export default sessionConfig
