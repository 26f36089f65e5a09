import { test } from '@japa/runner'
import { crc16X25 } from '#tracking/protocols/crc'
import { decodeGt06Frame } from '#tracking/protocols/gt06/gt06_decoder'
import { Gt06FrameDecoder } from '#tracking/protocols/gt06/gt06_frame_decoder'
import {
  encodeEngineBlock,
  encodeGt06Ack,
  encodeGt06Command,
} from '#tracking/protocols/gt06/gt06_encoder'
import { gt06Events } from '#tracking/protocols/gt06/gt06_events'
import {
  decodeGt06ServerFrame,
  encodeGt06Alarm,
  encodeGt06CommandReply,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  gt06AlarmOf,
  gt06CommandAnswer,
} from '#tracking/simulator/device_encoders'
import { commandVectors } from '../helpers/vectors.js'
import { sampleFix } from './helpers.js'

const IMEI = '860000000000456'

function crcIsValid(frame: Buffer): boolean {
  const crcOffset = frame.length - 4
  return frame.readUInt16BE(crcOffset) === crc16X25(frame, 2, crcOffset)
}

test.group('Simulator: GT06 device encoder', () => {
  test('login carries the BCD IMEI and UTC; the server answers with the 0x01 ack', ({ assert }) => {
    const frame = encodeGt06Login(IMEI, 1)
    assert.isTrue(crcIsValid(frame))
    const decoded = decodeGt06Frame(frame)
    assert.equal(decoded.kind, 'login')
    if (decoded.kind !== 'login') return
    assert.equal(decoded.imei, IMEI)
    assert.equal(decoded.serial, 1)
    assert.equal(decoded.timeZoneOffsetMinutes, 0)
    assert.deepEqual(decoded.reply, encodeGt06Ack(0x01, 1))
  })

  test('0x22 location round-trips through the server decoder', ({ assert }) => {
    for (const fix of [
      sampleFix(),
      sampleFix({ latitude: 59.4338, longitude: 24.7446, speed: 0, ignition: false, course: 0 }),
      sampleFix({ speed: 112, course: 359, satellites: 14 }),
    ]) {
      const frame = encodeGt06Location(fix, 0x1234)
      assert.isTrue(crcIsValid(frame))
      const decoded = decodeGt06Frame(frame, { imei: IMEI })
      assert.equal(decoded.kind, 'position')
      if (decoded.kind !== 'position') continue
      const { position } = decoded
      assert.equal(decoded.protocol, 0x22)
      assert.equal(position.imei, IMEI)
      assert.equal(position.fixTime.getTime(), Math.floor(fix.time.getTime() / 1000) * 1000)
      assert.closeTo(position.latitude, fix.latitude, 1 / 1_800_000)
      assert.closeTo(position.longitude, fix.longitude, 1 / 1_800_000)
      assert.equal(position.speed, fix.speed)
      assert.equal(position.course, fix.course)
      assert.equal(position.satellites, fix.satellites)
      assert.isTrue(position.valid)
      assert.equal(position.attributes.ignition, fix.ignition)
      assert.equal(position.attributes.odometer, fix.odometer)
      assert.include(position.attributes, { ...fix.cell })
      assert.deepEqual(decoded.reply, encodeGt06Ack(0x22, 0x1234))
    }
  })

  test('0x13 heartbeat carries the ACC and oil-cut bits', ({ assert }) => {
    const cases = [
      { ignition: true, relay: false },
      { ignition: false, relay: true },
    ]
    for (const { ignition, relay } of cases) {
      const frame = encodeGt06Heartbeat(sampleFix({ ignition, relay, gsmLevel: 5 }), 9)
      assert.isTrue(crcIsValid(frame))
      const decoded = decodeGt06Frame(frame, { imei: IMEI })
      assert.equal(decoded.kind, 'status')
      if (decoded.kind !== 'status') continue
      assert.equal(decoded.attributes.ignition, ignition)
      assert.equal(decoded.attributes.blocked, relay)
      assert.equal(decoded.attributes.charging, true)
      assert.equal(decoded.attributes.gsmLevel, 4)
      assert.isUndefined(decoded.attributes.alarm)
      assert.deepEqual(decoded.reply, encodeGt06Ack(0x13, 9))
    }
  })

  test('0x26 alarms: harsh driving 0x19/0x1A/0x1B and overspeed 0x06', ({ assert }) => {
    const cases = [
      { event: { kind: 'harsh', type: 1, value: 40 }, alarm: 0x19, code: 'A101' },
      { event: { kind: 'harsh', type: 2, value: 40 }, alarm: 0x1a, code: 'A102' },
      { event: { kind: 'harsh', type: 3, value: 40 }, alarm: 0x1b, code: 'A103' },
      { event: { kind: 'overspeed' }, alarm: 0x06, code: '105' },
    ] as const
    for (const { event, alarm, code } of cases) {
      const fix = sampleFix({ event })
      assert.equal(gt06AlarmOf(fix.event), alarm)
      const frame = encodeGt06Alarm(fix, alarm, 77)
      assert.isTrue(crcIsValid(frame))
      const decoded = decodeGt06Frame(frame, { imei: IMEI })
      assert.equal(decoded.kind, 'position')
      if (decoded.kind !== 'position') continue
      assert.equal(decoded.protocol, 0x26)
      assert.equal(decoded.position.attributes.alarm, alarm)
      assert.closeTo(decoded.position.latitude, fix.latitude, 1 / 1_800_000)
      assert.include(decoded.position.attributes, { ...fix.cell, ignition: true })
      const codes = gt06Events(undefined, decoded.position).map((e) => e.code)
      assert.include(codes, code)
      assert.deepEqual(decoded.reply, encodeGt06Ack(0x26, 77))
    }
    assert.isNull(gt06AlarmOf(undefined))
    assert.isNull(gt06AlarmOf({ kind: 'ignition' }))
  })

  test('0x15 command reply decodes as the answer text', ({ assert }) => {
    const frame = encodeGt06CommandReply(7, 'Relay,1:OK', 12)
    assert.isTrue(crcIsValid(frame))
    const decoded = decodeGt06Frame(frame, { imei: IMEI })
    assert.equal(decoded.kind, 'command_reply')
    if (decoded.kind !== 'command_reply') return
    assert.equal(decoded.text, 'Relay,1:OK')
    assert.deepEqual(decoded.reply, encodeGt06Ack(0x15, 12))
  })

  test('reads acks and 0x80 commands as a device does', ({ assert }) => {
    assert.deepEqual(decodeGt06ServerFrame(encodeGt06Ack(0x22, 513)), {
      kind: 'ack',
      protocol: 0x22,
      serial: 513,
    })
    assert.deepEqual(
      decodeGt06ServerFrame(encodeGt06Command('Relay,0#', { serverFlag: 9, serial: 4 })),
      {
        kind: 'command',
        serverFlag: 9,
        text: 'Relay,0#',
        serial: 4,
      }
    )
    const vector = commandVectors.find((candidate) => candidate.id === 'gt06-cmd-1')!
    assert.include(decodeGt06ServerFrame(Buffer.from(vector.hex, 'hex')), { text: 'Relay,1#' })
    const corrupt = Buffer.from(encodeEngineBlock())
    corrupt[6] ^= 0x10
    assert.deepEqual(decodeGt06ServerFrame(corrupt), { kind: 'invalid' })
  })

  test('answers relay and legacy cut commands', ({ assert }) => {
    assert.deepEqual(gt06CommandAnswer('Relay,1#'), { text: 'Relay,1:OK', relay: true })
    assert.deepEqual(gt06CommandAnswer('Relay,0#'), { text: 'Relay,0:OK', relay: false })
    assert.deepEqual(gt06CommandAnswer('DYD,000000#'), { text: 'DYD=Success!', relay: true })
    assert.isUndefined(gt06CommandAnswer('WHERE#').relay)
  })

  test('glued packets split into whole frames at any chunking', ({ assert }) => {
    const stream = Buffer.concat([
      encodeGt06Login(IMEI, 1),
      encodeGt06Location(sampleFix(), 2),
      encodeGt06Heartbeat(sampleFix(), 3),
      encodeGt06Alarm(sampleFix(), 0x1a, 4),
    ])
    for (const size of [1, 5, 33, stream.length]) {
      const splitter = new Gt06FrameDecoder()
      const protocols: number[] = []
      for (let offset = 0; offset < stream.length; offset += size) {
        for (const frame of splitter.push(stream.subarray(offset, offset + size))) {
          protocols.push(frame[3])
        }
      }
      assert.deepEqual(protocols, [0x01, 0x22, 0x13, 0x26], `chunks of ${size}`)
    }
  })
})
