import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { registerDevice } from '#actions/tracking/register_device'
import { queueCommand } from '#actions/tracking/queue_command'
import { createMember } from '#tests/helpers/accounts'
import { TrackerClient, eventually, startListener } from '#tests/helpers/tracking'
import { codec8Packet } from '#tests/unit/tracking/helpers/teltonika_variant'
import { decodeH02Frame } from '#tracking/protocols/h02/h02_decoder'
import { decodeGps103Frame } from '#tracking/protocols/gps103/gps103_decoder'
import { decodeMeitrackFrame } from '#tracking/protocols/meitrack/meitrack_decoder'
import { MeitrackFrameDecoder } from '#tracking/protocols/meitrack/meitrack_frame_decoder'
import { decodeRuptelaFrame } from '#tracking/protocols/ruptela/ruptela_decoder'
import {
  moreVectorsOf,
  wireBytes,
  type MoreVector,
} from '#tests/unit/tracking/helpers/more_vectors'

type Listener = Awaited<ReturnType<typeof startListener>>
type Family = 'h02' | 'gps103' | 'meitrack' | 'ruptela'

const SERVER_TIME = /\d{14}/

async function positionsOf(deviceId: number) {
  return db.from('positions').where('device_id', deviceId).orderBy('server_time', 'asc')
}

/** Registers every device id the family's frames carry to one company. */
async function registerAll(family: Family, companyName: string) {
  const ids = new Map<string, number>()
  for (const vector of moreVectorsOf(family)) {
    const imei = vector.device_id_in_frame!
    if (ids.has(imei)) continue
    const { id } = await registerDevice({
      company: companyName,
      imei,
      name: imei,
      protocol: family,
    })
    ids.set(imei, id)
  }
  return ids
}

/** The reply to one frame, read byte for byte (the server time in H02 replies is matched by shape). */
async function expectReply(assert: any, client: TrackerClient, vector: MoreVector) {
  if (vector.ack_text_pattern) {
    const [before, after] = vector.ack_text_pattern.split('<yyyyMMddHHmmss UTC server time>')
    const reply = await client.read(before.length + 14 + after.length)
    assert.isNotNull(reply, `${vector.id}: no reply`)
    const text = reply!.toString('latin1')
    assert.equal(text.slice(0, before.length), before)
    assert.match(text.slice(before.length, before.length + 14), SERVER_TIME)
    assert.equal(text.slice(before.length + 14), after)
  } else if (vector.ack_hex) {
    const reply = await client.read(vector.ack_hex.length / 2)
    assert.equal(reply?.toString('hex'), vector.ack_hex, `${vector.id}: reply`)
  }
}

/** Stands for the server clock in `decode`: a frame without a date is stamped with it. */
const SERVER_CLOCK = new Date('2000-01-01T00:00:00Z')

/** The position the family's decoder reads from a frame. */
function decode(family: Family, vector: MoreVector) {
  const frame = Buffer.from(vector.payload_hex, 'hex')
  const now = SERVER_CLOCK
  if (family === 'meitrack' || family === 'ruptela') {
    const result =
      family === 'meitrack'
        ? decodeMeitrackFrame(new MeitrackFrameDecoder().push(wireBytes(vector))[0])
        : decodeRuptelaFrame(wireBytes(vector))
    if (result.kind !== 'positions') throw new Error(`${vector.id}: decoded as ${result.kind}`)
    return result.positions[0]
  }
  const result =
    family === 'h02' ? decodeH02Frame(frame, { now }) : decodeGps103Frame(frame, { now })
  if (result.kind !== 'position') throw new Error(`${vector.id}: decoded as ${result.kind}`)
  return result.position
}

function framesOf(family: Family) {
  return moreVectorsOf(family).filter((vector) => vector.needs_prior.length === 0)
}

for (const family of ['h02', 'gps103', 'meitrack', 'ruptela'] as const) {
  test.group(
    `Tracker listener: ${family} frames from Traccar's tests over a real socket`,
    (group) => {
      let listener: Listener
      let devices: Map<string, number>
      group.setup(async () => {
        listener = await startListener()
        const { company } = await createMember()
        devices = await registerAll(family, company.name)
        return async () => {
          await listener.service.stop()
          await db
            .from('devices')
            .whereIn('imei', [...devices.keys()])
            .delete()
        }
      })

      for (const vector of framesOf(family)) {
        test(`${vector.id} (${vector.expect}) is answered and stored as its source says`, async ({
          assert,
        }) => {
          const deviceId = devices.get(vector.device_id_in_frame!)!
          const before = (await positionsOf(deviceId)).length
          const client = await TrackerClient.connect(listener.service.boundPorts[family])
          client.send(wireBytes(vector))
          await expectReply(assert, client, vector)

          // A command answer (Meitrack D82, Ruptela's SMS answer) closes a command; it is not
          // a position.
          const commandAnswer =
            'result' in (vector.expected?.attributes ?? {}) || vector.id === 'ruptela-traccar-7'
          if (vector.expect === 'none' || commandAnswer) {
            await new Promise((resolve) => setTimeout(resolve, 100))
            assert.lengthOf(await positionsOf(deviceId), before, 'nothing stored')
          } else if (vector.expect === 'attributes') {
            // A report without a fix: one row at the last known place, not valid.
            const rows = await eventually(
              () => positionsOf(deviceId),
              (found) => found.length === before + 1
            )
            assert.lengthOf(rows, before + 1)
          } else {
            // The fix as the decoder reads it (its unit test holds it to Traccar's values);
            // a frame resent with the same fix time is acknowledged and kept once.
            const decoded = decode(family, vector)
            const stampedHere = decoded.fixTime.getTime() === SERVER_CLOCK.getTime()
            const stored = await eventually(
              () =>
                stampedHere
                  ? db
                      .from('positions')
                      .where('device_id', deviceId)
                      .where('server_time', '>', new Date(Date.now() - 10_000))
                      .first()
                  : db
                      .from('positions')
                      .where('device_id', deviceId)
                      .where('fix_time', decoded.fixTime)
                      .first(),
              (row) => Boolean(row)
            )
            assert.exists(stored, `${vector.id}: stored`)
            assert.approximately(stored.latitude, vector.expected?.lat ?? decoded.latitude, 1e-5)
            assert.approximately(stored.longitude, vector.expected?.lon ?? decoded.longitude, 1e-5)
            if (vector.expected?.time) {
              assert.equal(new Date(stored.fix_time).toISOString(), vector.expected.time)
            }
            if (vector.expected?.valid !== undefined) {
              assert.equal(stored.valid, vector.expected.valid)
            }
          }
          assert.isFalse(client.closed, 'the connection stays open')
          client.end()
        })
      }
    }
  )
}

test.group(
  'Tracker listener: sessions of the H02, GPS103 and Teltonika FMB-variant devices',
  (group) => {
    let listener: Listener
    group.setup(async () => {
      listener = await startListener()
      return () => listener.service.stop()
    })

    test('an unknown H02 device is refused and listed, nothing stored', async ({ assert }) => {
      const client = await TrackerClient.connect(listener.service.boundPorts.h02)
      client.send(
        Buffer.from(
          '*HQ,7777000001,V1,104000,A,2235.1777,N,11357.8913,E,000.27,235,130721,FFFFFBFF#'
        )
      )
      assert.isTrue(await client.waitClosed())
      assert.isNull(await client.read(1, 200))
      const listed = await eventually(
        () => db.from('unregistered_devices').where('imei', '7777000001'),
        (rows) => rows.length === 1
      )
      assert.equal(listed[0].protocol, 'h02')
    })

    test('a corrupt H02 binary frame is neither acknowledged nor stored, and the listener carries on', async ({
      assert,
    }) => {
      const { company } = await createMember()
      const { id } = await registerDevice({
        company: company.name,
        imei: '2705171109',
        name: 'bcd',
        protocol: 'h02',
      })
      const broken = Buffer.from(
        '2427051711092133391406135002584900014337822e000000ffffffffff0000',
        'hex'
      )
      broken[10] = 0xab
      const client = await TrackerClient.connect(listener.service.boundPorts.h02)
      client.send(broken)
      assert.isTrue(await client.waitClosed())
      assert.lengthOf(await positionsOf(id), 0)

      const next = await TrackerClient.connect(listener.service.boundPorts.h02)
      next.send(
        Buffer.from('2427051711092133391406135002584900014337822e000000ffffffffff0000', 'hex')
      )
      await eventually(
        () => positionsOf(id),
        (rows) => rows.length === 1
      )
      assert.lengthOf(await positionsOf(id), 1)
      next.end()
      await db.from('devices').where('id', id).delete()
    })

    test('H02 alarms become §9 events once: power cut 107 A, then cleared 107 F', async ({
      assert,
    }) => {
      const { company } = await createMember()
      const { id } = await registerDevice({
        company: company.name,
        imei: '4300256466',
        name: 'alarm',
        protocol: 'h02',
      })
      const frame = (time: string, status: string) =>
        Buffer.from(
          `*HQ,4300256466,V1,${time},A,1935.5128,N,04656.3243,E,0.00,100,170913,${status}#`
        )
      const client = await TrackerClient.connect(listener.service.boundPorts.h02)
      client.send(frame('111817', 'FFFFFFFF'))
      await client.read(36)
      client.send(frame('111827', 'FFF7FFFF'))
      await client.read(36)
      client.send(frame('111837', 'FFF7FFFF'))
      await client.read(36)
      client.send(frame('111847', 'FFFFFFFF'))
      await client.read(36)
      const codes = await eventually(
        async () =>
          (
            await db
              .from('events')
              .where('device_id', id)
              .whereIn('code', ['107'])
              .orderBy('event_time')
          ).map((event) => `${event.code}${event.state}`),
        (found) => found.length === 2
      )
      assert.deepEqual(codes, ['107A', '107F'])
      client.end()
      await db.from('devices').where('id', id).delete()
    })

    test('GPS103: login is answered LOAD, a heartbeat ON, and a queued engine stop goes out as J', async ({
      assert,
    }) => {
      const { company, user } = await createMember()
      const imei = '359586015829888'
      const { id } = await registerDevice({
        company: company.name,
        imei,
        name: 'coban',
        protocol: 'gps103',
      })
      const command = await queueCommand({
        companyId: company.id,
        deviceId: id,
        userId: user.id,
        kind: 'engine_block',
      })
      const client = await TrackerClient.connect(listener.service.boundPorts.gps103)
      client.send(Buffer.from(`##,imei:${imei},A;`))
      assert.equal((await client.read(4))?.toString(), 'LOAD')
      assert.equal((await client.read(`**,imei:${imei},J`.length))?.toString(), `**,imei:${imei},J`)
      client.send(Buffer.from(`${imei};`))
      assert.equal((await client.read(2))?.toString(), 'ON')
      await eventually(
        async () => (await db.from('device_commands').where('id', command.id).firstOrFail()).status,
        (status) => status === 'sent'
      )
      client.end()
      await db.from('devices').where('id', id).delete()
    })

    test('H02: an engine stop is sent as S20 and the device answer closes the command', async ({
      assert,
    }) => {
      const { company, user } = await createMember()
      const { id } = await registerDevice({
        company: company.name,
        imei: '2020916012',
        name: 'sino',
        protocol: 'h02',
      })
      const command = await queueCommand({
        companyId: company.id,
        deviceId: id,
        userId: user.id,
        kind: 'engine_block',
      })
      const client = await TrackerClient.connect(listener.service.boundPorts.h02)
      client.send(
        Buffer.from(
          '*HQ,2020916012,V1,104000,A,2235.1777,N,11357.8913,E,000.27,235,130721,FFFFFBFF#'
        )
      )
      const sent = (await client.read('*HQ,2020916012,S20,104000,1,1#'.length))!.toString()
      assert.match(sent, /^\*HQ,2020916012,S20,\d{6},1,1#$/)
      client.send(
        Buffer.from(
          '*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#'
        )
      )
      const answered = await eventually(
        async () => db.from('device_commands').where('id', command.id).firstOrFail(),
        (row) => row.status === 'answered'
      )
      assert.equal(answered.response, 'S20,DONE,130305')
      client.end()
      await db.from('devices').where('id', id).delete()
    })

    test('Teltonika: the FMB variant with the 16-byte IO group is stored and acknowledged', async ({
      assert,
    }) => {
      const { company } = await createMember()
      const imei = '356307042441077'
      const { id } = await registerDevice({
        company: company.name,
        imei,
        name: 'fmb',
        protocol: 'teltonika',
      })
      const client = await TrackerClient.connect(listener.service.boundPorts.teltonika)
      const login = Buffer.concat([Buffer.from([0, imei.length]), Buffer.from(imei)])
      client.send(login)
      assert.equal((await client.read(1))?.toString('hex'), '01')
      client.send(codec8Packet(true))
      assert.equal((await client.read(4))?.toString('hex'), '00000001')
      const [stored] = await positionsOf(id)
      assert.equal(stored.attributes.io['156'], '00112233445566778899aabbccddeeff')
      client.end()
      await db.from('devices').where('id', id).delete()
    })
  }
)
