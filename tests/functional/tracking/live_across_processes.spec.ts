import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { freeTrackingPorts, TrackerClient, trackingPortVariables } from '#tests/helpers/tracking'
import { vector } from '#tests/unit/tracking/helpers/vectors'
import { baseUrl, signIn, xsrfToken } from '#tests/helpers/http_session'

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const client = await TrackerClient.connect(port)
      client.end()
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  throw new Error(`nothing listens on ${port}`)
}

test.group('Live updates across processes (Redis)', (group) => {
  let listener: ChildProcess | null = null
  group.teardown(() => {
    listener?.kill('SIGTERM')
  })

  test('a position received by a separate listener process reaches the web process SSE stream', async ({
    assert,
  }) => {
    assert.isDefined(env.get('REDIS_URL'), 'REDIS_URL must point at a Redis server for this test')
    const { company } = await createMember({ password: 'live-password' })
    const imei = '356307042441013'
    await db.from('devices').where('imei', imei).delete()
    const { id: deviceId } = await registerDevice({
      company: company.name,
      imei,
      name: 'Live 1',
      protocol: 'teltonika',
    })

    const ports = await freeTrackingPorts(freePort)
    listener = spawn(process.execPath, ['ace', 'tracker:listen'], {
      env: {
        ...process.env,
        TRACKER_HOST: '127.0.0.1',
        ...trackingPortVariables(ports),
        TRACKER_LISTENER: 'false',
      },
      stdio: 'ignore',
    })
    await waitForPort(ports.teltonika, 30_000)

    const base = baseUrl()
    const { user } = await import('#models/user').then(async ({ default: User }) => ({
      user: await User.query()
        .whereHas('memberships', (q) => q.where('company_id', company.id))
        .firstOrFail(),
    }))
    const cookie = await signIn(user.email, 'live-password')

    const uid = randomUUID()
    const controller = new AbortController()
    const stream = await fetch(`${base}/__transmit/events?uid=${uid}`, {
      headers: { cookie },
      signal: controller.signal,
    })
    const subscribe = await fetch(`${base}/__transmit/subscribe`, {
      method: 'POST',
      headers: {
        'cookie': cookie,
        'content-type': 'application/json',
        'x-xsrf-token': xsrfToken(cookie),
      },
      body: JSON.stringify({ uid, channel: `companies/${company.id}/live` }),
    })
    assert.equal(subscribe.status, 204)

    const forbidden = await fetch(`${base}/__transmit/subscribe`, {
      method: 'POST',
      headers: {
        'cookie': cookie,
        'content-type': 'application/json',
        'x-xsrf-token': xsrfToken(cookie),
      },
      body: JSON.stringify({ uid, channel: `companies/${company.id + 1000}/live` }),
    })
    assert.equal(forbidden.status, 400, "another company's channel is refused")

    const device = await TrackerClient.connect(ports.teltonika)
    device.send(vector('teltonika-doc-imei').hex!)
    assert.equal((await device.read(1, 5000))?.toString('hex'), '01')
    device.send(vector('teltonika-doc-codec8-1').hex!)
    assert.equal((await device.read(4, 5000))?.toString('hex'), '00000001')

    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let received = ''
    const deadline = Date.now() + 10_000
    while (!received.includes(`"type":"position"`) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ value: undefined }>((resolve) =>
          setTimeout(() => resolve({ value: undefined }), 500)
        ),
      ])
      if (chunk.value) received += decoder.decode(chunk.value)
    }
    controller.abort()
    device.end()
    assert.include(received, `"type":"position"`)
    assert.include(received, `"deviceId":${deviceId}`)
  }).timeout(60_000)
})
