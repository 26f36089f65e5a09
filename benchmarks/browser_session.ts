import type { Page } from 'playwright'

/**
 * Signs a benchmark's Chromium page in: over HTTP as a browser would (the tests' helper:
 * login page, CSRF token, form post), then the session's cookies handed to the browser, and
 * a first visit of `landing` to check that they hold.
 */
export async function signInBrowser(
  page: Page,
  base: string,
  credentials: { email: string; password: string },
  landing = '/backend'
) {
  const { signInAt } = await import('#tests/helpers/http_session')
  const header = await signInAt(base, credentials.email, credentials.password)
  await page.context().addCookies(
    header
      .split('; ')
      .filter(Boolean)
      .map((pair) => {
        const [name, ...value] = pair.split('=')
        return { name, value: value.join('='), url: base }
      })
  )
  await page.goto(`${base}${landing}`, { timeout: 120_000 })
  if (new URL(page.url()).pathname.startsWith('/login')) {
    throw new Error(
      `signing in as ${credentials.email} failed: the server sent the browser to /login`
    )
  }
}

/**
 * Chromium's flag refusing the map tile hosts (tiles come from the internet; they are not what
 * is measured). Refused by name rather than by Playwright's request routing, which turns the
 * HTTP cache off (every visit fetched the render-blocking stylesheet and every script again).
 */
export const REFUSE_MAP_TILES = `--host-resolver-rules=${[
  '*.openstreetmap.org',
  '*.openstreetmap.fr',
  '*.opentopomap.org',
]
  .map((host) => `MAP ${host} ~NOTFOUND`)
  .join(', ')}`
