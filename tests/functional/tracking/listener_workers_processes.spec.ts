import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, deviceFix, trackingPortVariables } from '#tests/helpers/tracking'
import { baseUrl, signIn, xsrfToken } from '#tests/helpers/http_session'
import { childrenOf, listeningSockets, socketInodes, tcpSockets } from '#tests/helpers/proc'
import {
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
} from '#tracking/simulator/teltonika_device_encoder'

/** Fixed ports: each worker binds them itself (SO_REUSEPORT), so they cannot be ephemeral. */
const PORTS = {
  teltonika: 5447,
  gt06: 5448,
  osmand: 5449,
  h02: 5452,
  gps103: 5453,
  meitrack: 5455,
  ruptela: 5457,
  gl200: 5459,
}
const IMEI_BASE = 356307042460000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The worker process holding the server side of `client`'s connection. */
function holderOf(workers: number[], client: TrackerClient): number | undefined {
  const serverSide = tcpSockets().find(
    (socket) =>
      socket.localPort === PORTS.teltonika && socket.remotePort === client.socket.localPort
  )
  if (!serverSide) return undefined
  return workers.find((pid) => socketInodes(pid).has(serverSide.inode))
}

async function until<T>(probe: () => T | Promise<T>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(100)
  }
}

async function logIn(imei: string) {
  const client = await TrackerClient.connect(PORTS.teltonika)
  client.send(encodeTeltonikaLogin(imei))
  const ack = await client.read(1, 10_000)
  if (ack?.toString('hex') !== '01') throw new Error(`login of ${imei} refused`)
  return client
}

async function sendRecord(client: TrackerClient, minutesAgo: number) {
  client.send(encodeTeltonikaRecords([deviceFix(new Date(Date.now() - minutesAgo * 60_000))]))
  return (await client.read(4, 10_000))?.toString('hex')
}

test.group('tracker:listen --workers (real processes)', (group) => {
  let listener: ChildProcess | null = null
  const clients: TrackerClient[] = []
  group.teardown(() => {
    for (const client of clients) client.end()
    if (listener && listener.exitCode === null) listener.kill('SIGKILL')
    for (const pid of listener?.pid ? childrenOf(listener.pid) : []) process.kill(pid, 'SIGKILL')
  })

  test('devices on every worker reach the browser through Redis; a killed worker is restarted, the others keep their devices; SIGTERM stops all', async ({
    assert,
  }) => {
    assert.isDefined(env.get('REDIS_URL'), 'REDIS_URL must point at a Redis server for this test')
    const { company } = await createMember({ password: 'workers-password' })
    await db
      .from('devices')
      .whereBetween('imei', [String(IMEI_BASE), String(IMEI_BASE + 99)])
      .delete()
    const devices: { id: number; imei: string }[] = []
    for (let index = 0; index < 20; index++) {
      const imei = String(IMEI_BASE + index)
      const { id } = await registerDevice({
        company: company.name,
        imei,
        name: `Worker ${index}`,
        protocol: 'teltonika',
      })
      devices.push({ id, imei })
    }

    const primary = spawn(process.execPath, ['ace', 'tracker:listen', '--workers=2'], {
      env: {
        ...process.env,
        TRACKER_HOST: '127.0.0.1',
        ...trackingPortVariables(PORTS),
        TRACKER_LISTENER: 'false',
      },
      stdio: 'ignore',
    })
    listener = primary
    const listening = () => listeningSockets(PORTS.teltonika)
    await until(() => listening() === 2, 60_000, 'both workers listening')
    const workers = childrenOf(primary.pid!)
    assert.lengthOf(workers, 2)

    const user = await User.query()
      .whereHas('memberships', (query) => query.where('company_id', company.id))
      .firstOrFail()
    const cookie = await signIn(user.email, 'workers-password')
    const uid = randomUUID()
    const controller = new AbortController()
    const stream = await fetch(`${baseUrl()}/__transmit/events?uid=${uid}`, {
      headers: { cookie },
      signal: controller.signal,
    })
    const subscribe = await fetch(`${baseUrl()}/__transmit/subscribe`, {
      method: 'POST',
      headers: {
        'cookie': cookie,
        'content-type': 'application/json',
        'x-xsrf-token': xsrfToken(cookie),
      },
      body: JSON.stringify({ uid, channel: `companies/${company.id}/live` }),
    })
    assert.equal(subscribe.status, 204)

    // Devices log in until each worker holds one.
    const held = new Map<number, { client: TrackerClient; deviceId: number }>()
    for (const device of devices) {
      const client = await logIn(device.imei)
      clients.push(client)
      const holder = await until(() => holderOf(workers, client), 5000, 'the holding worker')
      if (held.has(holder)) {
        client.end()
        continue
      }
      held.set(holder, { client, deviceId: device.id })
      if (held.size === 2) break
    }
    assert.equal(held.size, 2, 'a device on each worker')

    for (const { client } of held.values()) assert.equal(await sendRecord(client, 10), '00000001')
    const reader = stream.body!.getReader()
    const decoder = new TextDecoder()
    let received = ''
    const heard = () =>
      [...held.values()].every(({ deviceId }) =>
        received.includes(`"type":"position","deviceId":${deviceId},`)
      )
    const deadline = Date.now() + 15_000
    while (!heard() && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        sleep(500).then(() => ({ value: undefined })),
      ])
      if (chunk.value) received += decoder.decode(chunk.value)
    }
    controller.abort()
    assert.isTrue(heard(), 'a position from each worker reached the web process')

    // A worker dies: its device is cut off, the other worker's device carries on, and the
    // primary starts a new worker.
    const [killed, survivor] = [...held.keys()]
    process.kill(killed, 'SIGKILL')
    assert.isTrue(await held.get(killed)!.client.waitClosed(5000))
    assert.equal(await sendRecord(held.get(survivor)!.client, 5), '00000001')
    const replaced = await until(
      () => {
        const now = childrenOf(primary.pid!)
        return now.length === 2 && !now.includes(killed) && listening() === 2 ? now : null
      },
      60_000,
      'a new worker listening'
    )
    assert.include(replaced, survivor)

    const exited = new Promise<number | null>((resolve) => primary.once('exit', resolve))
    primary.kill('SIGTERM')
    const code = await Promise.race([exited, sleep(30_000).then(() => 'timeout' as const)])
    assert.equal(code, 0)
    assert.isTrue(
      held.get(survivor)!.client.closed || (await held.get(survivor)!.client.waitClosed(5000))
    )
    assert.equal(listening(), 0)
  }).timeout(180_000)
})
