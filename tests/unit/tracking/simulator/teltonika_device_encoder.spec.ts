import { test } from '@japa/runner'
import { crc16Arc } from '#tracking/protocols/crc'
import {
  decodeTeltonikaLogin,
  decodeTeltonikaPacket,
} from '#tracking/protocols/teltonika/teltonika_decoder'
import { TeltonikaFrameDecoder } from '#tracking/protocols/teltonika/teltonika_frame_decoder'
import {
  encodeAck,
  encodeCodec12Command,
  encodeEngineBlock,
} from '#tracking/protocols/teltonika/teltonika_encoder'
import { CODEC_8, CODEC_8_EXTENDED } from '#tracking/protocols/teltonika/teltonika_constants'
import { teltonikaEvents } from '#tracking/protocols/teltonika/teltonika_events'
import {
  TeltonikaServerReader,
  decodeCodec12Command,
  encodeCodec12Response,
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
  teltonikaCommandAnswer,
} from '#tracking/simulator/device_encoders'
import type { DeviceFix } from '#tracking/simulator/device_fix'
import { commandVectors } from '../helpers/vectors.js'
import { sampleFix } from './helpers.js'

const IMEI = '860000000000123'

function crcIsValid(packet: Buffer): boolean {
  const dataEnd = packet.length - 4
  return packet.readUInt32BE(dataEnd) === crc16Arc(packet, 8, dataEnd)
}

function assertRoundTrip(assert: any, fixes: DeviceFix[], codec: number) {
  const packet = encodeTeltonikaRecords(fixes, codec as typeof CODEC_8)
  assert.isTrue(crcIsValid(packet), 'CRC-16/IBM')
  assert.equal(packet.readUInt32BE(4), packet.length - 12, 'data length field')
  const decoded = decodeTeltonikaPacket(packet, IMEI)
  assert.equal(decoded.kind, 'records')
  if (decoded.kind !== 'records') return
  assert.equal(decoded.codec, codec)
  assert.equal(decoded.recordCount, fixes.length)
  decoded.positions.forEach((position, index) => {
    const fix = fixes[index]
    assert.equal(position.imei, IMEI)
    assert.equal(position.fixTime.getTime(), fix.time.getTime())
    assert.closeTo(position.latitude, fix.latitude, 1e-7)
    assert.closeTo(position.longitude, fix.longitude, 1e-7)
    assert.equal(position.speed, fix.speed)
    assert.equal(position.course, fix.course)
    assert.equal(position.altitude, fix.altitude)
    assert.equal(position.satellites, fix.satellites)
    assert.isTrue(position.valid)
    const attributes = position.attributes
    assert.equal(attributes.ignition, fix.ignition)
    assert.equal(attributes.motion, fix.moving)
    assert.equal(attributes.odometer, fix.odometer)
    assert.equal(attributes.tripOdometer, fix.tripOdometer)
    assert.closeTo(attributes.power!, fix.power, 0.001)
    assert.closeTo(attributes.battery!, fix.battery, 0.001)
    assert.equal(attributes.gsmLevel, fix.gsmLevel)
    assert.deepEqual(attributes.outputs, { 1: fix.relay, 2: false })
    assert.deepEqual(attributes.inputs, { 1: fix.ignition })
    assert.equal(attributes.io?.['24'], fix.speed)
  })
}

test.group('Simulator: Teltonika device encoder', () => {
  test('IMEI login decodes to the same IMEI and splits as a login frame', ({ assert }) => {
    const login = encodeTeltonikaLogin(IMEI)
    assert.equal(login.toString('hex'), `000f${Buffer.from(IMEI).toString('hex')}`)
    assert.deepEqual(decodeTeltonikaLogin(login), { ok: true, imei: IMEI })
    const frames = new TeltonikaFrameDecoder().push(login)
    assert.deepEqual(
      frames.map((frame) => frame.kind),
      ['login']
    )
  })

  test('Codec 8 records round-trip through the server decoder', ({ assert }) => {
    const first = sampleFix()
    const second = sampleFix({
      time: new Date(first.time.getTime() + 10_000),
      latitude: 59.4338,
      longitude: 24.7446,
      speed: 0,
      course: 0,
      ignition: false,
      moving: false,
      power: 12.61,
      relay: true,
      odometer: first.odometer + 130,
    })
    assertRoundTrip(assert, [first, second], CODEC_8)
  })

  test('Codec 8 Extended records round-trip through the server decoder', ({ assert }) => {
    const fixes = Array.from({ length: 30 }, (_, i) =>
      sampleFix({
        time: new Date(Date.UTC(2026, 0, 2, 3, 4, 5) + i * 1000),
        speed: 30 + i,
        course: (i * 37) % 360,
        altitude: -5 + i,
        odometer: 1000 + i * 9,
      })
    )
    assertRoundTrip(assert, fixes, CODEC_8_EXTENDED)
  })

  test('harsh driving records carry event IO 253 and map to A101..A103', ({ assert }) => {
    const expected = { 1: 'A101', 2: 'A102', 3: 'A103' } as const
    for (const type of [1, 2, 3] as const) {
      for (const codec of [CODEC_8, CODEC_8_EXTENDED] as const) {
        const fix = sampleFix({ event: { kind: 'harsh', type, value: 52 } })
        const decoded = decodeTeltonikaPacket(encodeTeltonikaRecords([fix], codec), IMEI)
        assert.equal(decoded.kind, 'records')
        if (decoded.kind !== 'records') continue
        const position = decoded.positions[0]
        assert.equal(position.attributes.eventIo, 253)
        assert.equal(position.attributes.priority, 1)
        assert.equal(position.attributes.greenDrivingType, type)
        assert.equal(position.attributes.greenDrivingValue, 52)
        const codes = teltonikaEvents(undefined, position).map((event) => event.code)
        assert.include(codes, expected[type])
      }
    }
  })

  test('overspeed and ignition records name their event IO', ({ assert }) => {
    const overspeed = decodeTeltonikaPacket(
      encodeTeltonikaRecords([sampleFix({ speed: 104, event: { kind: 'overspeed' } })]),
      IMEI
    )
    const ignition = decodeTeltonikaPacket(
      encodeTeltonikaRecords([sampleFix({ event: { kind: 'ignition' } })]),
      IMEI
    )
    assert.equal(overspeed.kind === 'records' && overspeed.positions[0].attributes.eventIo, 255)
    assert.equal(overspeed.kind === 'records' && overspeed.positions[0].attributes.overspeed, 104)
    assert.equal(ignition.kind === 'records' && ignition.positions[0].attributes.eventIo, 239)
    assert.equal(
      overspeed.kind === 'records' &&
        teltonikaEvents(undefined, overspeed.positions[0]).some((e) => e.code === '105'),
      true
    )
  })

  test('glued login and packets split into whole frames at any chunking', ({ assert }) => {
    const stream = Buffer.concat([
      encodeTeltonikaLogin(IMEI),
      encodeTeltonikaRecords([sampleFix()]),
      encodeTeltonikaRecords([sampleFix(), sampleFix({ speed: 3 })], CODEC_8_EXTENDED),
    ])
    for (const size of [1, 7, 64, stream.length]) {
      const splitter = new TeltonikaFrameDecoder()
      const kinds: string[] = []
      for (let offset = 0; offset < stream.length; offset += size) {
        for (const frame of splitter.push(stream.subarray(offset, offset + size))) {
          kinds.push(frame.kind)
        }
      }
      assert.deepEqual(kinds, ['login', 'avl', 'avl'], `chunks of ${size}`)
    }
  })

  test('a packet holds 1..255 records', ({ assert }) => {
    assert.throws(() => encodeTeltonikaRecords([]), /1\.\.255/)
    assert.throws(() => encodeTeltonikaRecords(new Array(256).fill(sampleFix())), /1\.\.255/)
  })

  test('Codec 12 response (type 0x06) decodes as the command answer', ({ assert }) => {
    const packet = encodeCodec12Response('DOUT1:1 DOUT2:0')
    assert.isTrue(crcIsValid(packet))
    assert.deepEqual(decodeTeltonikaPacket(packet, IMEI), {
      kind: 'responses',
      codec: 0x0c,
      responses: [{ text: 'DOUT1:1 DOUT2:0' }],
    })
  })

  test('reads the server commands as a device does', ({ assert }) => {
    assert.equal(decodeCodec12Command(encodeEngineBlock()), 'setdigout 1')
    const vector = commandVectors.find((candidate) => candidate.id === 'teltonika-cmd-1')!
    assert.equal(decodeCodec12Command(Buffer.from(vector.hex, 'hex')), 'setdigout 11')
    const corrupt = Buffer.from(encodeCodec12Command('getver'))
    corrupt[corrupt.length - 1] ^= 0x01
    assert.isNull(decodeCodec12Command(corrupt))
    assert.isNull(decodeCodec12Command(encodeCodec12Response('not a command')))
  })

  test('splits acks and commands out of the server byte stream', ({ assert }) => {
    const stream = Buffer.concat([
      encodeAck(1),
      encodeCodec12Command('setdigout 1'),
      encodeAck(2),
      encodeAck(255),
    ])
    const reader = new TeltonikaServerReader()
    const messages = []
    for (let offset = 0; offset < stream.length; offset += 3) {
      messages.push(...reader.push(stream.subarray(offset, offset + 3)))
    }
    assert.deepEqual(messages, [
      { kind: 'ack', count: 1 },
      { kind: 'command', text: 'setdigout 1' },
      { kind: 'ack', count: 2 },
      { kind: 'ack', count: 255 },
    ])
    assert.equal(reader.pendingBytes, 0)
  })

  test('answers setdigout with the output states it leaves', ({ assert }) => {
    assert.deepEqual(teltonikaCommandAnswer('setdigout 1', [false, false]), {
      text: 'DOUT1:1 DOUT2:0',
      relay: true,
    })
    assert.deepEqual(teltonikaCommandAnswer('setdigout 0', [true, false]), {
      text: 'DOUT1:0 DOUT2:0',
      relay: false,
    })
    assert.deepEqual(teltonikaCommandAnswer('setdigout ?1', [true, false]), {
      text: 'DOUT1:1 DOUT2:1',
      relay: true,
    })
    assert.isUndefined(teltonikaCommandAnswer('getver', [false, false]).relay)
  })
})
