import env from '#start/env'

/**
 * Settings of the site and its services that come from the environment. Each is read when
 * used (getters), so a value changed at run time (tests do) is seen at once.
 */
const siteConfig = {
  /** The public origin of the app, without a trailing slash. */
  get appUrl(): string {
    return env.get('APP_URL', `http://localhost:${env.get('PORT', 3333)}`).replace(/\/$/, '')
  },
  /** Sign-in providers whose credentials are configured. */
  get socialProviders() {
    return {
      google: Boolean(env.get('GOOGLE_CLIENT_ID') && env.get('GOOGLE_CLIENT_SECRET')),
      facebook: Boolean(env.get('FACEBOOK_CLIENT_ID') && env.get('FACEBOOK_CLIENT_SECRET')),
    }
  },
  /** Seconds a public page stays in the page cache (SITE_PAGE_CACHE_SECONDS), raw. */
  get pageCacheSeconds(): number | string | undefined {
    return env.get('SITE_PAGE_CACHE_SECONDS')
  },
  get analyticsId(): string | undefined {
    return env.get('ANALYTICS_ID')?.trim()
  },
  get salesEmail(): string {
    return env.get('SALES_EMAIL', 'sales@fleettrack.local')
  },
  /** The host trackers are told to send to; empty when the app URL's host serves. */
  get trackerPublicHost(): string | undefined {
    return env.get('TRACKER_PUBLIC_HOST')
  },
  get platformAdminEmails(): string {
    return env.get('PLATFORM_ADMIN_EMAILS') ?? ''
  },
  /** A fixed EUR→TRY rate and its date (EUR_TRY_RATE, EUR_TRY_RATE_DATE), raw. */
  get eurTryRate(): { rate: number | string | undefined; date: string } {
    return { rate: env.get('EUR_TRY_RATE'), date: env.get('EUR_TRY_RATE_DATE') ?? '' }
  },
  get chromiumPath(): string {
    return env.get('CHROMIUM_PATH') || '/usr/bin/chromium'
  },
}

export default siteConfig
