import { test } from '@japa/runner'
import pg from 'pg'
import net from 'node:net'
import { spawn, type ChildProcess } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { queueCommand } from '#actions/tracking/queue_command'
import { createMember } from '#tests/helpers/accounts'
import {
  deviceFix,
  eventually,
  freeTrackingPorts,
  startListener,
  TrackerClient,
  trackingPortVariables,
} from '#tests/helpers/tracking'
import {
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
} from '#tracking/simulator/teltonika_device_encoder'

const DEVICES = 4
const FIRST_IMEI = 356307042448000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A connection to the server's maintenance database, which the outage leaves alone. */
async function adminClient() {
  const connection = app.config.get<pg.ClientConfig & { database?: string }>(
    'database.connections.postgres.connection'
  )
  const client = new pg.Client({ ...connection })
  await client.connect()
  const { rows } = await client.query('SELECT current_database() AS name')
  const database = rows[0].name as string
  await client.end()
  const admin = new pg.Client(
    connection.connectionString
      ? { connectionString: connection.connectionString.replace(/\/[^/?]*(\?|$)/, '/postgres$1') }
      : { ...connection, database: 'postgres' }
  )
  await admin.connect()
  return { admin, database }
}

interface Ack {
  device: number
  seq: number
  at: number
}

/**
 * A tracker that keeps its data: it sends record `seq` until it is acknowledged, then the
 * next one, reconnecting whenever the server closes the connection or stays silent.
 */
async function steadyDevice(
  index: number,
  port: number,
  base: number,
  acks: Ack[],
  running: () => boolean
) {
  const imei = String(FIRST_IMEI + index)
  let seq = 0
  while (running()) {
    let client: TrackerClient
    try {
      client = await TrackerClient.connect(port)
    } catch {
      await sleep(100)
      continue
    }
    client.send(encodeTeltonikaLogin(imei))
    const login = await client.read(1, 1500)
    if (login?.toString('hex') !== '01') {
      client.end()
      await sleep(100)
      continue
    }
    while (running()) {
      client.send(encodeTeltonikaRecords([deviceFix(new Date(base + seq * 1000), 41 + seq / 1e4)]))
      const ack = await client.read(4, 1500)
      if (ack?.toString('hex') !== '00000001') break
      acks.push({ device: index, seq, at: Date.now() })
      seq++
      await sleep(40)
    }
    client.end()
    await sleep(100)
  }
}

test.group('Database outage', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('every backend killed and connections refused: the process lives, nothing is acknowledged meanwhile, acks resume within 5 s, every acked record is stored once; the web answers 503 then recovers', async ({
    assert,
    client,
  }) => {
    const { company, user } = await createMember()
    const imeis = Array.from({ length: DEVICES + 1 }, (_, i) => String(FIRST_IMEI + i))
    await db.from('devices').whereIn('imei', imeis).delete()
    listener.service.registry.invalidate()
    const ids: number[] = []
    for (const [index, imei] of imeis.entries()) {
      const device = await registerDevice({
        company: company.name,
        imei,
        name: `Outage ${index}`,
        protocol: 'teltonika',
      })
      ids.push(device.id)
    }

    const acks: Ack[] = []
    let streaming = true
    const base = Date.now() - 3600_000
    const devices = Array.from({ length: DEVICES }, (_, index) =>
      steadyDevice(index, listener.service.boundPorts.teltonika, base, acks, () => streaming)
    )
    const before = await eventually(
      async () => new Set(acks.map((ack) => ack.device)).size,
      (count) => count === DEVICES,
      10_000
    )
    assert.equal(before, DEVICES, 'the stream is acknowledged before the outage')
    await sleep(500)

    const { admin, database } = await adminClient()
    try {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`)
      const outageAt = Date.now()
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
        [database]
      )
      assert.isAbove(killed.rowCount ?? 0, 0)

      await sleep(1000)
      const ready = await client.get('/ready')
      ready.assertStatus(503)
      ready.assertBodyContains({ ready: false, database: 'down' })
      const health = await client.get('/health')
      health.assertStatus(200)
      const page = await client.get('/backend').loginAs(user).header('accept', 'text/html')
      page.assertStatus(503)
      assert.include(page.text(), 'Service temporarily unavailable')
      assert.equal(page.header('retry-after'), '5')
      const turkish = await client.get('/tr/panel').loginAs(user).header('accept', 'text/html')
      turkish.assertStatus(503)
      assert.include(turkish.text(), 'Hizmet geçici olarak kullanılamıyor')
      await sleep(1000)

      const restoredAt = Date.now()
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`)
      assert.deepEqual(
        acks.filter((ack) => ack.at > outageAt + 300 && ack.at < restoredAt),
        [],
        'nothing acknowledged while the database was away'
      )

      const resumed = await eventually(
        async () => new Set(acks.filter((ack) => ack.at > restoredAt).map((ack) => ack.device)),
        (seen) => seen.size === DEVICES,
        8000
      )
      assert.equal(resumed.size, DEVICES, 'every device is acknowledged again')
      for (let index = 0; index < DEVICES; index++) {
        const first = acks.find((ack) => ack.device === index && ack.at > restoredAt)!
        assert.isBelow(first.at - restoredAt, 5000, `device ${index} resumed within 5 s`)
      }
      await eventually(
        async () => listener.service.ready,
        (isReady) => isReady,
        5000
      )
      ;(await client.get('/ready')).assertStatus(200)
      ;(await client.get('/backend').loginAs(user)).assertStatus(200)
    } finally {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`).catch(() => {})
      await admin.end()
      streaming = false
      await Promise.all(devices)
    }

    // The LISTEN connection is back: a command queued now reaches a connected device at once.
    const tracker = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    tracker.send(encodeTeltonikaLogin(imeis[DEVICES]))
    assert.equal((await tracker.read(1))?.toString('hex'), '01')
    await sleep(200)
    await queueCommand({
      companyId: company.id,
      deviceId: ids[DEVICES],
      userId: user.id,
      kind: 'engine_block',
    })
    const command = await tracker.read(31, 3000)
    assert.include(command?.toString('latin1') ?? '', 'setdigout 1')
    tracker.end()

    await listener.service.writer.drain()
    for (let index = 0; index < DEVICES; index++) {
      const acked = acks.filter((ack) => ack.device === index)
      const rows = await db
        .from('positions')
        .where('device_id', ids[index])
        .select('fix_time')
        .count('* as copies')
        .groupBy('fix_time')
      const copies = new Map(
        rows.map((row) => [new Date(row.fix_time).getTime(), Number(row.copies)])
      )
      for (const ack of acked) {
        assert.equal(copies.get(base + ack.seq * 1000), 1, `device ${index} record ${ack.seq}`)
      }
    }
  }).timeout(60_000)
})

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function portOpen(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

test.group('Starting while the database is down', (group) => {
  let child: ChildProcess | null = null
  let proxy: net.Server | null = null
  group.each.teardown(() => {
    child?.kill('SIGTERM')
    proxy?.close()
  })

  /** `tracker:listen` on a database address where nothing answers until `proxyPort` opens. */
  async function listenerBeforeTheDatabase() {
    const connection = app.config.get<{ connectionString?: string; host?: string; port?: number }>(
      'database.connections.postgres.connection'
    )
    const target = connection.connectionString
      ? new URL(connection.connectionString)
      : new URL(`postgres://${connection.host ?? '127.0.0.1'}:${connection.port ?? 5432}`)
    const proxyPort = await freePort()
    const viaProxy = new URL(connection.connectionString ?? 'postgres://postgres@127.0.0.1/x')
    viaProxy.hostname = '127.0.0.1'
    viaProxy.port = String(proxyPort)
    const ports = await freeTrackingPorts(freePort)

    const started = spawn(process.execPath, ['ace', 'tracker:listen'], {
      env: {
        ...process.env,
        DATABASE_URL: viaProxy.toString(),
        LOG_LEVEL: 'info',
        TRACKER_HOST: '127.0.0.1',
        ...trackingPortVariables(ports),
        TRACKER_LISTENER: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const log = { text: '' }
    started.stdout!.on('data', (chunk) => (log.text += chunk))
    started.stderr!.on('data', (chunk) => (log.text += chunk))
    return { child: started, log, target, proxyPort, ports }
  }

  test('tracker:listen waits with back-off, says why, and opens its ports once the database answers', async ({
    assert,
  }) => {
    const started = await listenerBeforeTheDatabase()
    const { log, target, proxyPort, ports } = started
    child = started.child
    const output = () => log.text

    const waiting = await eventually(
      async () => output(),
      (text) => text.includes('tracker listener waits for the database'),
      30_000
    )
    assert.include(waiting, 'tracker listener waits for the database')
    await sleep(1000)
    assert.isNull(child.exitCode, 'the process keeps running')
    assert.isFalse(await portOpen(ports.teltonika), 'no tracker port before the database answers')

    // The database "comes back": the proxy in front of it starts listening.
    proxy = net.createServer((socket) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname)
      socket.pipe(upstream).pipe(socket)
      socket.on('error', () => upstream.destroy())
      upstream.on('error', () => socket.destroy())
    })
    await new Promise<void>((resolve) => proxy!.listen(proxyPort, '127.0.0.1', resolve))
    const cameUpAt = Date.now()
    const open = await eventually(
      () => portOpen(ports.teltonika),
      (isOpen) => isOpen,
      10_000
    )
    assert.isTrue(open, 'the listener opened its ports')
    assert.isBelow(Date.now() - cameUpAt, 7000)
    assert.isNull(child.exitCode)
  }).timeout(60_000)

  test('tracker:listen stops at once on SIGTERM while it still waits for the database', async ({
    assert,
  }) => {
    const started = await listenerBeforeTheDatabase()
    child = started.child
    await eventually(
      async () => started.log.text,
      (text) => text.includes('tracker listener waits for the database'),
      30_000
    )
    // Its back-off has grown to seconds by now.
    await sleep(2500)
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve))
    const signalledAt = Date.now()
    child.kill('SIGTERM')
    const code = await Promise.race([exited, sleep(5000).then(() => 'still running')])
    assert.notEqual(code, 'still running')
    assert.isBelow(Date.now() - signalledAt, 2000)
  }).timeout(60_000)
})
