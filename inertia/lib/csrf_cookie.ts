import { CSRF_COOKIE_PATH, XSRF_COOKIE } from '#shared/csrf_cookie'

let pending: Promise<void> | null = null

function hasXsrfCookie() {
  return document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))
}

/** Fetches the XSRF cookie when the page came from the public page cache without one. */
export function ensureCsrfCookie(): Promise<void> {
  if (hasXsrfCookie()) return Promise.resolve()
  pending ??= fetch(CSRF_COOKIE_PATH, { credentials: 'same-origin' })
    .then(() => undefined)
    .finally(() => {
      pending = null
    })
  return pending
}
