/**
 * Cached public pages reach visitors who have no session yet, so they carry no XSRF cookie.
 * A GET of this path starts the session and sets the cookie (answers 204); the browser
 * requests it before its first form post (inertia/lib/csrf_cookie.ts).
 */
export const CSRF_COOKIE_PATH = '/csrf-cookie'

export const XSRF_COOKIE = 'XSRF-TOKEN'
