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
export async function signIn(email: string, password: string) {
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair.split('=')
      jar.set(name, value.join('='))
    }
  }
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  keep(await fetch(`${baseUrl()}/login`))
  const login = await fetch(`${baseUrl()}/login`, {
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
