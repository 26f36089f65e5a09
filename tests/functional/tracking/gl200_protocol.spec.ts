import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import DeviceCreate from '#commands/device_create'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, eventually, startListener } from '#tests/helpers/tracking'
import { queueCommand } from '#actions/tracking/queue_command'
import {
  commandOnceIn,
  deviceWithCommand,
  eventCodesOf,
  listedProtocolOf,
} from '#tests/helpers/tracker_sessions'
import { decodeGl200Frame } from '#tracking/protocols/gl200/gl200_decoder'
import { createGl200FrameDecoder } from '#tracking/protocols/gl200/gl200_frame_decoder'
import { moreVectorsOf, wireBytes } from '#tests/unit/tracking/helpers/more_vectors'
import { SimulatedFleet, fleetVehicles } from '#tracking/simulator/simulated_fleet'
import { registerFleet } from '#tracking/simulator/register_fleet'

type Listener = Awaited<ReturnType<typeof startListener>>

async function positionsOf(deviceId: number) {
  return db.from('positions').where('device_id', deviceId).orderBy('server_time', 'asc')
}

async function register(companyName: string, imei: string) {
  const { id } = await registerDevice({ company: companyName, imei, name: imei, protocol: 'gl200' })
  return id
}

test.group("Tracker listener: Queclink frames from Traccar's tests over a real socket", (group) => {
  let listener: Listener
  const devices = new Map<string, number>()
  group.setup(async () => {
    listener = await startListener()
    const { company } = await createMember()
    for (const vector of moreVectorsOf('gl200')) {
      const imei = vector.device_id_in_frame!
      if (!devices.has(imei)) devices.set(imei, await register(company.name, imei))
    }
    return async () => {
      await listener.service.stop()
      await db
        .from('devices')
        .whereIn('imei', [...devices.keys()])
        .delete()
    }
  })

  for (const vector of moreVectorsOf('gl200')) {
    test(`${vector.id} (${vector.expect}) is acknowledged and stored as its source says`, async ({
      assert,
    }) => {
      const deviceId = devices.get(vector.device_id_in_frame!)!
      const bytes = wireBytes(vector)
      const decoded = decodeGl200Frame(createGl200FrameDecoder().push(bytes)[0])
      const before = (await positionsOf(deviceId)).length
      const client = await TrackerClient.connect(listener.service.boundPorts.gl200)
      client.send(bytes)

      if (decoded.kind === 'none') {
        // An old-format frame: nothing to store, nothing to acknowledge.
        assert.isNull(await client.read(1, 200))
        assert.lengthOf(await positionsOf(deviceId), before)
      } else if (decoded.kind === 'positions' || decoded.kind === 'status') {
        // SACK enabled (as the setup commands configure the device): `+SACK:<count>$`, sent
        // once the report is stored.
        const reply = await client.read(decoded.ack.length)
        assert.equal(reply?.toString('latin1'), decoded.ack)
        const fixTime =
          decoded.kind === 'positions' ? decoded.positions[0].fixTime : decoded.fixTime
        const stored = await db
          .from('positions')
          .where('device_id', deviceId)
          .where('fix_time', fixTime)
          .first()
        assert.exists(stored, `${vector.id}: stored`)
        if (decoded.kind === 'positions') {
          const expected = vector.expected ?? {}
          assert.approximately(stored.latitude, expected.lat ?? decoded.positions[0].latitude, 1e-5)
          assert.approximately(
            stored.longitude,
            expected.lon ?? decoded.positions[0].longitude,
            1e-5
          )
        } else {
          assert.isFalse(stored.valid, 'a report without a fix never moves the vehicle')
        }
      } else if (decoded.kind === 'command_reply') {
        // A command acknowledgement (`+ACK:GTJDC`): kept at the last known place (a row of the
        // same time already there is kept once).
        const stored = await eventually(
          () =>
            db
              .from('positions')
              .where('device_id', deviceId)
              .where('fix_time', decoded.fixTime)
              .first(),
          (row) => Boolean(row)
        )
        assert.exists(stored, `${vector.id}: stored`)
      } else {
        assert.fail(`${vector.id}: decoded as ${decoded.kind}`)
      }
      assert.isFalse(client.closed, 'the connection stays open')
      client.end()
    })
  }
})

test.group('Tracker listener: Queclink sessions', (group) => {
  let listener: Listener
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('a heartbeat is answered +SACK:GTHBD and a report +SACK:<count>', async ({ assert }) => {
    const { company } = await createMember()
    const imei = '862894020180911'
    const id = await register(company.name, imei)
    const client = await TrackerClient.connect(listener.service.boundPorts.gl200)
    client.send(Buffer.from(`+ACK:GTHBD,060228,${imei},,20160309022951,0A1B$`))
    const ack = '+SACK:GTHBD,060228,0A1B$'
    assert.equal((await client.read(ack.length))?.toString(), ack)
    client.send(
      Buffer.from(
        `+RESP:GTFRI,060228,${imei},,14827,10,1,2,3.4,199,409.6,-63.174466,-17.739317,20170407121823,0736,0003,6AD4,3471,00,` +
          `1,12.0,180,410.0,-63.174000,-17.739000,20170407121923,0736,0003,6AD4,3471,00,15989.5,01070:43:13,13,180,0,220101,,,,20170407081824,0A1C$\r\n`
      )
    )
    assert.equal((await client.read('+SACK:0A1C$'.length))?.toString(), '+SACK:0A1C$')
    const rows = await positionsOf(id)
    assert.lengthOf(rows, 2)
    assert.deepEqual(rows.map((row) => new Date(row.fix_time).toISOString()).sort(), [
      '2017-04-07T12:18:23.000Z',
      '2017-04-07T12:19:23.000Z',
    ])
    client.end()
    await db.from('devices').where('id', id).delete()
  })

  test('an unknown device is refused and listed, nothing stored', async ({ assert }) => {
    const client = await TrackerClient.connect(listener.service.boundPorts.gl200)
    client.send(
      Buffer.from(
        '+RESP:GTFRI,060228,862894020189999,,14827,10,1,1,3.4,199,409.6,-63.174466,-17.739317,20170407121823,0736,0003,6AD4,3471,00,15989.5,,,,,220101,,,,20170407081824,9607$'
      )
    )
    assert.isTrue(await client.waitClosed())
    assert.equal(await listedProtocolOf('862894020189999'), 'gl200')
  })

  test('a corrupt frame is neither acknowledged nor stored, and the listener carries on', async ({
    assert,
  }) => {
    const { company } = await createMember()
    const imei = '862894020180922'
    const id = await register(company.name, imei)
    const client = await TrackerClient.connect(listener.service.boundPorts.gl200)
    client.send(Buffer.from(`+RESP:GTFRI,060228,${imei},,14827,10,1,1,3.4,19$`))
    assert.isTrue(await client.waitClosed())
    assert.lengthOf(await positionsOf(id), 0)

    const next = await TrackerClient.connect(listener.service.boundPorts.gl200)
    next.send(
      Buffer.from(
        `+RESP:GTSTT,060228,${imei},,21,0,0.0,0,411.3,-63.169745,-17.776330,20160319132220,0736,0003,6AD4,5BAA,00,20160319092223,1FBD$`
      )
    )
    assert.equal((await next.read('+SACK:1FBD$'.length))?.toString(), '+SACK:1FBD$')
    assert.lengthOf(await positionsOf(id), 1)
    next.end()
    await db.from('devices').where('id', id).delete()
  })

  test('ignition and power reports become §9 events: 100 A/F, 107 A', async ({ assert }) => {
    const { company } = await createMember()
    const imei = '862894020180933'
    const id = await register(company.name, imei)
    const client = await TrackerClient.connect(listener.service.boundPorts.gl200)
    const location = (time: string) =>
      `1,0.2,189,420.0,-63.158195,-17.800608,${time},0736,0003,6AD4,3471,00`
    const frames = [
      `+RESP:GTIGN,060228,${imei},,9860,${location('20160309022951')},,881.2,20160309022956,0001$`,
      `+RESP:GTEPF,060228,${imei},,,,1,1,${location('20160309023051')},881.3,20160309023056,0002$`,
      `+RESP:GTIGF,060228,${imei},,9860,${location('20160309023151')},,881.4,20160309023156,0003$`,
    ]
    for (const [index, frame] of frames.entries()) {
      client.send(Buffer.from(frame))
      const ack = `+SACK:000${index + 1}$`
      assert.equal((await client.read(ack.length))?.toString(), ack)
    }
    const codes = await eventCodesOf(id, ['100', '107'], 3)
    assert.deepEqual(codes, ['100A', '107A', '100F'])
    client.end()
    await db.from('devices').where('id', id).delete()
  })

  test('an engine stop goes out as AT+GTOUT with the model password, +ACK:GTOUT closes it', async ({
    assert,
  }) => {
    const imei = '862894020180944'
    const { id, command } = await deviceWithCommand('gl200', imei, 'engine_block')
    const client = await TrackerClient.connect(listener.service.boundPorts.gl200)
    client.send(
      Buffer.from(
        `+RESP:GTSTT,060228,${imei},,21,0,0.0,0,411.3,-63.169745,-17.776330,20160319132220,0736,0003,6AD4,5BAA,00,20160319092223,1FBD$`
      )
    )
    const order = 'AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$'
    const received = (await client.read('+SACK:1FBD$'.length + order.length))?.toString()
    assert.include(received, order)
    assert.include(received, '+SACK:1FBD$')
    client.send(Buffer.from(`+ACK:GTOUT,060228,${imei},,FFFF,20160319092230,1FBE$`))
    const answered = await commandOnceIn(command.id, 'answered')
    assert.equal(answered.response, `+ACK:GTOUT,060228,${imei},,FFFF,20160319092230,1FBE`)
    client.end()
    await db.from('devices').where('id', id).delete()
  })
})

test.group('Queclink: the simulated device', (group) => {
  let listener: Listener
  group.setup(async () => {
    listener = await startListener()
    return () => listener.service.stop()
  })

  test('reports are acknowledged, and a queued engine stop is carried out and answered', async ({
    assert,
  }) => {
    const { company, user } = await createMember()
    const vehicles = fleetVehicles(1, '862894020190000', 'gl200')
    await registerFleet(company.name, vehicles)
    const device = await db.from('devices').where('imei', vehicles[0].imei).firstOrFail()
    const command = await queueCommand({
      companyId: company.id,
      deviceId: device.id,
      userId: user.id,
      kind: 'engine_block',
    })
    const fleet = new SimulatedFleet({
      host: '127.0.0.1',
      ports: listener.service.boundPorts,
      vehicles,
      intervalSeconds: 10,
      speedup: 20,
      clockStart: new Date(Date.now() - 3_600_000),
      connectSpreadSeconds: 0.1,
    })
    fleet.start()
    try {
      const answered = await commandOnceIn(command.id, 'answered')
      assert.match(answered.response, /^\+ACK:GTOUT,060100,862894020190000,/)
      // The next reports carry output 1 on: the engine cut event (106 A).
      assert.includeMembers(await eventCodesOf(device.id, ['106'], 1), ['106A'])
      await eventually(
        async () => fleet.stats.recordsAcked,
        (acked) => acked >= 3
      )
    } finally {
      await fleet.stop()
    }
    assert.isAtLeast(fleet.stats.recordsAcked, 3)
    assert.equal(fleet.stats.errors, 0, fleet.stats.lastError ?? '')
  }).timeout(20_000)
})

test.group('Queclink: device:create', (group) => {
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('device:create --protocol=gl200 registers a Queclink device', async ({ assert }) => {
    const { company } = await createMember()
    const imei = '862894020180955'
    const command = await ace.create(DeviceCreate, [
      `--company=${company.name}`,
      `--imei=${imei}`,
      '--name=GV300',
      '--protocol=gl200',
    ])
    await command.exec()
    command.assertSucceeded()
    const device = await db.from('devices').where('imei', imei).firstOrFail()
    assert.equal(device.protocol, 'gl200')
    assert.equal(device.company_id, company.id)
    await db.from('devices').where('id', device.id).delete()
  })
})
