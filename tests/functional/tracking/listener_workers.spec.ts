import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { registerDevice } from '#actions/tracking/register_device'
import { queueCommand } from '#actions/tracking/queue_command'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, eventually } from '#tests/helpers/tracking'
import { TrackingService } from '#tracking/tracking_service'
import { OfflineSweepJob } from '#jobs/offline_sweep_job'
import { RecordingPublisher, silentLogger } from './helpers/tracking_harness.js'

/** Fixed ports (several listeners share them with SO_REUSEPORT, so not ephemeral ones). */
const PORTS = {
  teltonika: 5444,
  gt06: 5445,
  osmand: 5446,
  h02: 5450,
  gps103: 5451,
  meitrack: 5454,
  ruptela: 5456,
  gl200: 5458,
}
const IMEI_BASE = 356307042450000

function imei(index: number) {
  return String(IMEI_BASE + index)
}

function teltonikaLogin(deviceImei: string) {
  const ascii = Buffer.from(deviceImei, 'ascii')
  const length = Buffer.alloc(2)
  length.writeUInt16BE(ascii.length)
  return Buffer.concat([length, ascii])
}

async function startWorker(announcesOffline = false) {
  const publisher = new RecordingPublisher()
  const service = new TrackingService({
    host: '127.0.0.1',
    ports: PORTS,
    logger: silentLogger(),
    publisher,
    poolSize: 3,
    sharedPorts: true,
    announcesOffline,
  })
  await service.start()
  return { service, publisher }
}

type Worker = Awaited<ReturnType<typeof startWorker>>

/** Logs a device in on the shared port; says which of the workers took the connection. */
async function logIn(workers: Worker[], deviceImei: string) {
  const before = workers.map((worker) => worker.service.connections)
  const client = await TrackerClient.connect(PORTS.teltonika)
  client.send(teltonikaLogin(deviceImei))
  const ack = await client.read(1, 5000)
  if (ack?.toString('hex') !== '01') throw new Error(`login of ${deviceImei} refused`)
  const holder = workers.findIndex((worker, index) => worker.service.connections > before[index])
  return { client, holder }
}

/** Reads what the device received until `text` shows up (or time runs out): how often it did. */
async function received(client: TrackerClient, text: string, timeoutMs = 1500) {
  let seen = ''
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const byte = await client.read(1, Math.max(1, deadline - Date.now()))
    if (!byte) break
    seen += byte.toString('latin1')
  }
  return seen.split(text).length - 1
}

test.group('Tracker listener workers sharing the ports', (group) => {
  let workers: Worker[] = []
  const clients: TrackerClient[] = []

  group.setup(async () => {
    workers = [await startWorker(true), await startWorker()]
    return async () => {
      for (const client of clients) client.end()
      await eventually(
        async () => workers.reduce((total, worker) => total + worker.service.connections, 0),
        (connections) => connections === 0
      )
      await Promise.all(workers.map((worker) => worker.service.stop()))
    }
  })

  group.each.setup(async () => {
    await db
      .from('devices')
      .whereBetween('imei', [imei(0), imei(99)])
      .delete()
    for (const worker of workers) worker.service.registry.invalidate()
  })

  test('a command reaches its device on whichever worker holds it, sent once; one for a device connected nowhere stays queued', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    const devices: { id: number; imei: string }[] = []
    for (let index = 0; index < 21; index++) {
      const { id } = await registerDevice({
        company: company.name,
        imei: imei(index),
        name: `worker-${index}`,
        protocol: 'teltonika',
      })
      devices.push({ id, imei: imei(index) })
    }

    // Devices log in until each worker holds at least one (the kernel spreads connections).
    const held: { device: (typeof devices)[number]; client: TrackerClient; holder: number }[] = []
    for (const device of devices.slice(0, 20)) {
      const { client, holder } = await logIn(workers, device.imei)
      clients.push(client)
      held.push({ device, client, holder })
      if (new Set(held.map((entry) => entry.holder)).size === 2) break
    }
    const onFirst = held.find((entry) => entry.holder === 0)!
    const onSecond = held.find((entry) => entry.holder === 1)!
    assert.exists(onFirst, 'a device on the first worker')
    assert.exists(onSecond, 'a device on the second worker')

    for (const entry of [onFirst, onSecond]) {
      const command = await queueCommand({
        companyId: company.id,
        deviceId: entry.device.id,
        userId: user.id,
        kind: 'engine_block',
      })
      assert.equal(await received(entry.client, 'setdigout 1'), 1)
      const row = await db.from('device_commands').where('id', command.id).firstOrFail()
      assert.equal(row.status, 'sent')
      const sent = workers.map(
        (worker) =>
          worker.publisher.commands.filter(
            (update) => Number(update.id) === command.id && update.status === 'sent'
          ).length
      )
      assert.deepEqual(sent, entry.holder === 0 ? [1, 0] : [0, 1])
    }

    const offline = devices[20]
    const queued = await queueCommand({
      companyId: company.id,
      deviceId: offline.id,
      userId: user.id,
      kind: 'engine_block',
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const row = await db.from('device_commands').where('id', queued.id).firstOrFail()
    assert.equal(row.status, 'queued')
  }).timeout(60_000)

  test('a device connected to both workers at once (a reconnection before the old connection closed) gets the command once', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    const deviceImei = imei(50)
    const { id } = await registerDevice({
      company: company.name,
      imei: deviceImei,
      name: 'twice',
      protocol: 'teltonika',
    })
    // The same device logs in again (the old connections stay open) until both workers
    // hold a connection of it.
    const sessions: { client: TrackerClient; holder: number }[] = []
    for (let attempt = 0; attempt < 20; attempt++) {
      const session = await logIn(workers, deviceImei)
      clients.push(session.client)
      sessions.push(session)
      if (new Set(sessions.map((other) => other.holder)).size === 2) break
    }
    assert.equal(new Set(sessions.map((session) => session.holder)).size, 2)

    const command = await queueCommand({
      companyId: company.id,
      deviceId: id,
      userId: user.id,
      kind: 'engine_block',
    })
    const counts = await Promise.all(
      sessions.map((session) => received(session.client, 'setdigout 1'))
    )
    assert.equal(
      counts.reduce((total, count) => total + count, 0),
      1
    )
    const row = await db.from('device_commands').where('id', command.id).firstOrFail()
    assert.equal(row.status, 'sent')
  }).timeout(60_000)

  test('devices the offline sweep job marks offline are forgotten by every worker (their cached state reloads) and announced live by one', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: imei(60),
      name: 'swept',
      protocol: 'teltonika',
    })
    await db.table('device_states').insert({
      device_id: id,
      company_id: company.id,
      online: true,
      live_status: 'moving',
      last_seen_at: new Date(Date.now() - 3_600_000),
    })
    const device = (await workers[1].service.registry.find(imei(60)))!
    assert.isTrue((await workers[1].service.registry.state(device)).online, 'cached online')

    await new OfflineSweepJob().run(DateTime.now())
    await eventually(
      async () => (await workers[1].service.registry.state(device)).online,
      (online) => online === false
    )
    assert.isFalse((await workers[1].service.registry.state(device)).online)
    // One worker tells the browsers, whichever held the device.
    await eventually(
      async () => workers[0].publisher.offlines,
      (offlines) => offlines.some((offline) => offline.deviceId === id)
    )
    assert.deepInclude(workers[0].publisher.offlines, { deviceId: id, companyId: company.id })
    assert.notDeepInclude(workers[1].publisher.offlines, { deviceId: id, companyId: company.id })
  }).timeout(30_000)
})
