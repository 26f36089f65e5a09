import env from '#start/env'

/** The test server's address (its HTTP server runs for the functional and browser suites). */
export function baseUrl() {
  return `http://${env.get('HOST')}:${env.get('PORT')}`
}

/**
 * Signs in over real HTTP, as a browser would (login page, CSRF token, form post),
 * and returns the session's cookie header: for streams and downloads that the API
 * client does not read (SSE, binary files).
 */
export function signIn(email: string, password: string) {
  return signInAt(baseUrl(), email, password)
}

/** The same against any server's address (the benchmarks start their own). */
export async function signInAt(base: string, email: string, password: string) {
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair.split('=')
      jar.set(name, value.join('='))
    }
  }
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  keep(await fetch(`${base}/login`))
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'cookie': cookieHeader(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: new URLSearchParams({ email, password }).toString(),
  })
  keep(login)
  return cookieHeader()
}

/** A visitor's session without signing in: the cookie header a first page view leaves. */
export async function anonymousSession() {
  const response = await fetch(`${baseUrl()}/login`)
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** The X-XSRF-TOKEN header value a browser script sends with this cookie header. */
export function xsrfToken(cookieHeader: string) {
  const match = cookieHeader.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)
  return match ? decodeURIComponent(match[1]) : ''
}

/**
 * Opens a Server-Sent Events stream and collects what it receives; `text()` waits
 * `ms` for more data, `close()` ends the stream.
 */
export async function openEventStream(path: string, cookie: string) {
  const controller = new AbortController()
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  let received = ''
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        received += decoder.decode(value)
      }
    } catch {
      // aborted
    }
  })()
  return {
    status: response.status,
    async text(ms: number) {
      await new Promise((resolve) => setTimeout(resolve, ms))
      return received
    },
    async close() {
      controller.abort()
      await pump
    },
  }
}
