import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { startEnv } from '../../../scripts/start_env.js'
import { createMember } from '#tests/helpers/accounts'
import { mailbox } from '#tests/helpers/mailbox'

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitForHttp(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`nothing answers at ${url}`)
}

test.group('npm start environment', () => {
  test('without APP_URL the public address follows PORT', ({ assert }) => {
    const dotEnv = { PORT: '3333', HOST: '0.0.0.0', APP_KEY: 'k' }
    assert.equal(startEnv(dotEnv, { PORT: '4101' }).APP_URL, 'http://localhost:4101')
    assert.equal(startEnv(dotEnv, {}).APP_URL, 'http://localhost:3333')
    // What an older `npm start` wrote into .env is not the user's choice.
    const legacy = { ...dotEnv, APP_URL: 'http://localhost:3333' }
    assert.equal(startEnv(legacy, { PORT: '4101' }).APP_URL, 'http://localhost:4101')
  })

  test('an APP_URL the user set is kept', ({ assert }) => {
    const dotEnv = { PORT: '3333', APP_URL: 'https://fleet.example.com' }
    assert.equal(startEnv(dotEnv, { PORT: '4101' }).APP_URL, 'https://fleet.example.com')
    assert.equal(
      startEnv({ PORT: '3333' }, { PORT: '4101', APP_URL: 'https://x.example.com' }).APP_URL,
      'https://x.example.com'
    )
  })
})

test.group('A server started on another port', (group) => {
  let server: ChildProcess | null = null
  group.teardown(() => {
    server?.kill('SIGTERM')
  })

  test('e-mails password reset links to itself, and the link works', async ({ assert }) => {
    const { user } = await createMember()
    const port = await freePort()
    const processEnv = { ...process.env }
    delete processEnv.APP_URL
    const env: Record<string, string> = {
      ...startEnv({}, { ...processEnv, PORT: String(port) }),
      NODE_ENV: 'test',
    }
    assert.equal(env.APP_URL, `http://localhost:${port}`)

    server = spawn(process.execPath, ['--import', '@poppinss/ts-exec', 'bin/server.ts'], {
      env,
      stdio: 'ignore',
    })
    const base = `http://127.0.0.1:${port}`
    await waitForHttp(`${base}/robots.txt`, 60_000)

    const jar = new Map<string, string>()
    const keep = (response: Response) => {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const [name, ...value] = pair.split('=')
        jar.set(name, value.join('='))
      }
    }
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    // Pages render through Vite's SSR bundle, which only the test process serves: ask as Inertia does.
    keep(await fetch(`${base}/robots.txt`))
    const sent = await fetch(`${base}/reset-password`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'cookie': cookieHeader(),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      },
      body: new URLSearchParams({ email: user.email }).toString(),
    })
    assert.equal(sent.status, 302)

    const deadline = Date.now() + 10_000
    while (!mailbox.messages.some((mail) => mail.to.includes(user.email))) {
      if (Date.now() > deadline) throw new Error('no reset mail')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const link = mailbox.linkTo(user.email, '/reset-password-confirm')
    assert.equal(link.origin, `http://localhost:${port}`)

    const probe = await fetch(link, { headers: { 'x-inertia': 'true' } })
    const version = probe.headers.get('x-inertia-version') ?? ''
    const opened = await fetch(link, {
      headers: { 'x-inertia': 'true', 'x-inertia-version': version },
    })
    assert.equal(opened.status, 200)
    const page = (await opened.json()) as { props: { valid: boolean } }
    assert.isTrue(page.props.valid)
  }).timeout(120_000)
})
