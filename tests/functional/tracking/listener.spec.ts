import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { queueCommand } from '#actions/tracking/queue_command'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, eventually, startListener } from '#tests/helpers/tracking'
import { vector } from '#tests/unit/tracking/helpers/vectors'
import { encodeCodec12Response } from '#tracking/simulator/teltonika_device_encoder'

const TELTONIKA_IMEI = '356307042441013'
const teltonikaLogin = vector('teltonika-doc-imei').hex!
const teltonikaRecord = vector('teltonika-doc-codec8-1').hex!
const teltonikaTwoRecords = vector('teltonika-doc-codec8-3').hex!
const GT06_IMEI = '864717003283581'
const gt06Login = vector('gt06-traccar-02').hex!

/**
 * Lets the previous test's connections finish closing (their DISCONNECTED events are
 * written after the socket closes) before the next test deletes the devices they belong to.
 */
async function settle(service: Awaited<ReturnType<typeof startListener>>['service']) {
  await eventually(
    async () => service.connections,
    (connections) => connections === 0
  )
  await new Promise((resolve) => setTimeout(resolve, 100))
  await service.writer.drain()
}

async function countRows(table: string, deviceId: number) {
  const column = table === 'device_states' ? 'device_id' : 'device_id'
  const [row] = await db.from(table).where(column, deviceId).count('* as total')
  return Number(row.total)
}

test.group('Tracker listener', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })
  group.each.setup(async () => {
    await settle(listener.service)
    await db.from('devices').whereIn('imei', [TELTONIKA_IMEI, GT06_IMEI, 'osmand-phone-1']).delete()
    await db.from('unregistered_devices').delete()
    listener.service.registry.invalidate()
  })

  test('Teltonika: a registered IMEI is accepted, its records stored, then acknowledged', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: TELTONIKA_IMEI,
      name: '34 FT 001',
      protocol: 'teltonika',
    })

    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    client.send(teltonikaLogin)
    assert.equal((await client.read(1))?.toString('hex'), '01')

    client.send(teltonikaRecord)
    assert.equal((await client.read(4))?.toString('hex'), '00000001')
    assert.equal(await countRows('positions', id), 1, 'stored before the ack')

    client.send(teltonikaTwoRecords)
    assert.equal((await client.read(4))?.toString('hex'), '00000002')
    assert.equal(await countRows('positions', id), 3)

    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.isTrue(state.online)
    const codes = (await db.from('events').where('device_id', id)).map((event) => event.code)
    assert.include(codes, 'CONNECTION')
    assert.isTrue(
      listener.published.some(
        (entry) =>
          entry.channel === `companies/${company.id}/live` && entry.message.type === 'position'
      )
    )

    client.end()
    await eventually(
      async () =>
        (await db.from('events').where('device_id', id).where('code', 'DISCONNECTED')).length,
      (count) => count === 1
    )
  })

  test('Teltonika: a resent packet is not stored twice', async ({ assert }) => {
    const { company } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: TELTONIKA_IMEI,
      name: 'resend',
      protocol: 'teltonika',
    })
    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    client.send(teltonikaLogin)
    await client.read(1)
    client.send(teltonikaRecord)
    await client.read(4)
    client.send(teltonikaRecord)
    assert.equal((await client.read(4))?.toString('hex'), '00000001')
    assert.equal(await countRows('positions', id), 1)
    client.end()
  })

  test('Teltonika: frames split and glued by TCP are handled', async ({ assert }) => {
    const { company } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: TELTONIKA_IMEI,
      name: 'split',
      protocol: 'teltonika',
    })
    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    const stream = Buffer.from(teltonikaLogin + teltonikaRecord, 'hex')
    for (const byte of stream) {
      client.send(Buffer.from([byte]))
    }
    assert.equal((await client.read(5))?.toString('hex'), '0100000001')
    assert.equal(await countRows('positions', id), 1)
    client.end()
  })

  test('an unregistered IMEI is refused, listed, and nothing is stored', async ({ assert }) => {
    const before = await db.from('positions').count('* as total')
    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    client.send(teltonikaLogin)
    assert.equal((await client.read(1))?.toString('hex'), '00')
    assert.isTrue(await client.waitClosed())
    const seen = await db.from('unregistered_devices').where('imei', TELTONIKA_IMEI).firstOrFail()
    assert.equal(seen.protocol, 'teltonika')
    const after = await db.from('positions').count('* as total')
    assert.equal(after[0].total, before[0].total)
  })

  test('a frame with a wrong checksum is neither acknowledged nor stored', async ({ assert }) => {
    const { company } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: TELTONIKA_IMEI,
      name: 'crc',
      protocol: 'teltonika',
    })
    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    client.send(teltonikaLogin)
    await client.read(1)
    const corrupted = Buffer.from(teltonikaRecord, 'hex')
    corrupted[corrupted.length - 1] ^= 0xff
    client.send(corrupted)
    assert.isNull(await client.read(4, 1000))
    assert.isTrue(await client.waitClosed())
    assert.equal(await countRows('positions', id), 0)
  })

  test('GT06: login and location are acknowledged with the replies the device expects', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: GT06_IMEI,
      name: 'GT06',
      protocol: 'gt06',
    })
    const client = await TrackerClient.connect(listener.service.boundPorts.gt06)
    client.send(gt06Login)
    assert.equal((await client.read(10))?.toString('hex'), '78780501000955940d0a')

    const location = vector('gt06-issue5427-1')
    client.send(location.hex!)
    const expectedAck = location.derived?.ack_if_sent as string | undefined
    const ack = await client.read(10)
    if (expectedAck) assert.equal(ack?.toString('hex'), expectedAck)
    else assert.isNotNull(ack)
    assert.equal(await countRows('positions', id), 1)
    client.end()
  })

  test('GT06: an unknown IMEI gets no login reply and is listed', async ({ assert }) => {
    const client = await TrackerClient.connect(listener.service.boundPorts.gt06)
    client.send(gt06Login)
    assert.isNull(await client.read(10, 800))
    assert.isTrue(await client.waitClosed())
    assert.isNotNull(await db.from('unregistered_devices').where('imei', GT06_IMEI).first())
  })

  test('OsmAnd: the Traccar Client app reports over HTTP', async ({ assert }) => {
    const { company } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: 'osmand-phone-1',
      name: 'Phone',
      protocol: 'osmand',
    })
    const port = listener.service.boundPorts.osmand
    const ok = await fetch(
      `http://127.0.0.1:${port}/?id=osmand-phone-1&lat=41.0082&lon=28.9784&timestamp=${Math.floor(Date.now() / 1000)}&speed=10`
    )
    assert.equal(ok.status, 200)
    assert.equal(await ok.text(), '')
    assert.equal(await countRows('positions', id), 1)
    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.closeTo(state.speed, 18.52, 0.01)

    const unknown = await fetch(`http://127.0.0.1:${port}/?id=nobody&lat=1&lon=2`)
    assert.equal(unknown.status, 403)
    const malformed = await fetch(`http://127.0.0.1:${port}/?lat=1&lon=2`)
    assert.equal(malformed.status, 400)
  })

  test('a command queued while the device is offline reaches it on reconnect, and its reply is recorded', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: TELTONIKA_IMEI,
      name: 'cmd',
      protocol: 'teltonika',
    })
    const command = await queueCommand({
      companyId: company.id,
      deviceId: id,
      userId: user.id,
      kind: 'engine_block',
    })

    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    client.send(teltonikaLogin)
    await client.read(1)
    const codec12 = await client.read(31)
    assert.equal(codec12?.subarray(0, 9).toString('hex'), '00000000000000130c')
    assert.include(codec12!.toString('latin1'), 'setdigout 1')

    await eventually(
      async () => (await db.from('device_commands').where('id', command.id).firstOrFail()).status,
      (status) => status === 'sent'
    )
    client.send(vector('teltonika-traccar-31').hex!)
    const answered = await eventually(
      async () => db.from('device_commands').where('id', command.id).firstOrFail(),
      (row) => row.status === 'answered'
    )
    assert.include(answered.response, 'AT$MSGSND')
    // Published once the reply is committed: it may follow the stored row by a moment.
    const published = await eventually(
      async () =>
        listener.published.some(
          (entry) => entry.message.type === 'command' && entry.message.status === 'answered'
        ),
      (seen) => seen
    )
    assert.isTrue(published)
    client.end()
  })

  test('a reply that states the outputs updates the live state at once, with the relay event (DOUT1 drives the engine cut)', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: TELTONIKA_IMEI,
      name: 'relay',
      protocol: 'teltonika',
    })
    await db.table('device_states').insert({
      device_id: id,
      company_id: company.id,
      attributes: JSON.stringify({ outputs: { 1: false, 2: false }, ignition: true }),
    })
    const command = await queueCommand({
      companyId: company.id,
      deviceId: id,
      userId: user.id,
      kind: 'engine_block',
    })

    const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    client.send(teltonikaLogin)
    await client.read(1)
    await client.read(31)
    await eventually(
      async () => (await db.from('device_commands').where('id', command.id).firstOrFail()).status,
      (status) => status === 'sent'
    )
    client.send(encodeCodec12Response('DOUT1:1 DOUT2:0'))
    await eventually(
      async () => db.from('device_commands').where('id', command.id).firstOrFail(),
      (row) => row.status === 'answered'
    )
    const state = await db.from('device_states').where('device_id', id).firstOrFail()
    assert.deepEqual(state.attributes.outputs, { 1: true, 2: false })
    assert.isTrue(state.attributes.ignition)
    // The relay switched: its state event, once.
    const relay = await db.from('events').where({ device_id: id, code: '106' })
    assert.deepEqual(
      relay.map((event) => event.state),
      ['A']
    )
    client.end()
  })

  test('a command queued while the device is connected is sent at once', async ({ assert }) => {
    const { company, user } = await createMember()
    const { id } = await registerDevice({
      company: company.name,
      imei: GT06_IMEI,
      name: 'gt06-cmd',
      protocol: 'gt06',
    })
    const client = await TrackerClient.connect(listener.service.boundPorts.gt06)
    client.send(gt06Login)
    await client.read(10)
    await queueCommand({
      companyId: company.id,
      deviceId: id,
      userId: user.id,
      kind: 'custom',
      payload: 'Relay,1#',
    })
    const frame = await client.read(23, 3000)
    assert.isNotNull(frame)
    assert.include(frame!.toString('latin1'), 'Relay,1#')
    client.end()
  })
})

test.group('Tracker listener when the database fails', (group) => {
  let listener: Awaited<ReturnType<typeof startListener>>
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('nothing is acknowledged while writes fail; the device resends and is acknowledged once it works again', async ({
    assert,
  }) => {
    const { company } = await createMember()
    await db.from('devices').where('imei', TELTONIKA_IMEI).delete()
    listener.service.registry.invalidate()
    const { id } = await registerDevice({
      company: company.name,
      imei: TELTONIKA_IMEI,
      name: 'Outage',
      protocol: 'teltonika',
    })
    const pool = (
      listener.service.writer as unknown as { pool: { acquire: () => Promise<unknown> } }
    ).pool
    const acquire = pool.acquire
    pool.acquire = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
    }

    const first = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    first.send(teltonikaLogin)
    assert.equal((await first.read(1))?.toString('hex'), '01')
    first.send(teltonikaRecord)
    assert.isNull(await first.read(4, 1000), 'no ack while the database is down')
    assert.isTrue(await first.waitClosed())

    pool.acquire = acquire
    const second = await TrackerClient.connect(listener.service.boundPorts.teltonika)
    second.send(teltonikaLogin)
    await second.read(1)
    second.send(teltonikaRecord)
    assert.equal((await second.read(4))?.toString('hex'), '00000001')
    assert.equal(await countRows('positions', id), 1)
    second.end()
  })
})
