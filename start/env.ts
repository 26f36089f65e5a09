import { Env } from '@adonisjs/core/env'

/**
 * Every variable is documented in README.md ("Configuration"). Only APP_KEY has no
 * default: `npm start` writes one into .env on first run and `npm test` makes a
 * throwaway one.
 */
export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  APP_NAME: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),

  DATABASE_URL: Env.schema.string.optional(),
  DB_HOST: Env.schema.string.optional({ format: 'host' }),
  DB_PORT: Env.schema.number.optional(),
  DB_USER: Env.schema.string.optional(),
  DB_PASSWORD: Env.schema.string.optional(),
  DB_DATABASE: Env.schema.string.optional(),
  DB_POOL_MAX: Env.schema.number.optional(),
  DB_STATEMENT_TIMEOUT: Env.schema.number.optional(),
  DB_REQUEST_CONNECTIONS: Env.schema.number.optional(),
  DB_REQUEST_NICE: Env.schema.number.optional(),
  HEAVY_REQUESTS_PER_USER: Env.schema.number.optional(),
  REPORT_CACHE_SECONDS: Env.schema.number.optional(),

  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'memory', 'cookie'] as const),
  LIMITER_STORE: Env.schema.enum.optional(['database', 'memory'] as const),

  GOOGLE_CLIENT_ID: Env.schema.string.optional(),
  GOOGLE_CLIENT_SECRET: Env.schema.string.optional(),
  FACEBOOK_CLIENT_ID: Env.schema.string.optional(),
  FACEBOOK_CLIENT_SECRET: Env.schema.string.optional(),

  MAIL_FROM_NAME: Env.schema.string.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  VAPID_PUBLIC_KEY: Env.schema.string.optional(),
  VAPID_PRIVATE_KEY: Env.schema.secret.optional(),
  VAPID_SUBJECT: Env.schema.string.optional(),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: Env.schema.boolean.optional(),
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USER: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.secret.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  SALES_EMAIL: Env.schema.string.optional(),
  TRUST_PROXY: Env.schema.boolean.optional(),
  PLATFORM_ADMIN_EMAILS: Env.schema.string.optional(),
  EUR_TRY_RATE: Env.schema.number.optional(),
  EUR_TRY_RATE_DATE: Env.schema.string.optional(),
  ANALYTICS_ID: Env.schema.string.optional(),
  CHROMIUM_PATH: Env.schema.string.optional(),
  SITE_PAGE_CACHE_SECONDS: Env.schema.number.optional(),
  TRACKER_PUBLIC_HOST: Env.schema.string.optional(),
  MAP_TILE_URL: Env.schema.string.optional(),
  MAP_ATTRIBUTION: Env.schema.string.optional(),
  GEOCODER_URL: Env.schema.string.optional(),
  GEOCODER_ENGINE: Env.schema.enum.optional(['nominatim', 'photon'] as const),
  GEOCODER_RATE: Env.schema.number.optional(),

  REDIS_URL: Env.schema.string.optional(),

  TRACKER_HOST: Env.schema.string.optional(),
  // TRACKER_<NAME>_PORT, one per protocol family, is read by app/tracking/protocols/registry.ts.
  TRACKER_LISTENER: Env.schema.boolean.optional(),
  SCHEDULER: Env.schema.boolean.optional(),
  TRACKER_WRITE_CONCURRENCY: Env.schema.number.optional(),
  TRACKER_HANDSHAKE_SECONDS: Env.schema.number.optional(),
  TRACKER_MAX_CONNECTIONS_PER_ADDRESS: Env.schema.number.optional(),
  TRACKER_FD_RESERVE: Env.schema.number.optional(),
  TRACKER_WORKERS: Env.schema.number.optional(),
  TRACKER_DB_CONNECTIONS: Env.schema.number.optional(),
  TRACKER_MAX_PLAUSIBLE_SPEED_KMH: Env.schema.number.optional(),
  DEMO_FLEET: Env.schema.number.optional(),

  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  DRIVE_LOCATION: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  MAINTENANCE_REMINDER_DAYS: Env.schema.number.optional(),
  MAINTENANCE_REMINDER_KM: Env.schema.number.optional(),
})
