import { test } from '@japa/runner'
import type { Position } from '#tracking/position'
import { crc16Arc } from '#tracking/protocols/crc'
import { codec8Packet } from './helpers/teltonika_variant.js'
import {
  decodeTeltonikaLogin,
  decodeTeltonikaPacket,
} from '#tracking/protocols/teltonika/teltonika_decoder'
import { encodeAck, encodeLoginReply } from '#tracking/protocols/teltonika/teltonika_encoder'
import { bytes, vector, vectorsOf, type ProtocolVector } from './helpers/vectors.js'
import { ioExpectation } from './helpers/teltonika_expectations.js'

const IMEI = '356307042441013'
const KNOTS_PER_KMH = 1 / 1.852

/** Traccar-specific attributes these decoders do not produce, with the reason. */
const NOT_DECODED: Record<string, string> = {
  'teltonika-traccar-05':
    'tag1Battery comes from Traccar parsing the BLE tag payload of IO 10831, a model-specific ' +
    'layout; the payload is kept raw in attributes.io[10831]',
}

const avlVectors = vectorsOf('teltonika').filter(
  (candidate) => candidate.hex && !candidate.hex.startsWith('000f') && candidate.hex !== 'ff'
)

function decodeRecords(candidate: ProtocolVector) {
  const result = decodeTeltonikaPacket(bytes(candidate), IMEI)
  if (result.kind !== 'records') throw new Error(`${candidate.id}: ${JSON.stringify(result)}`)
  return result
}

/** The range checks Traccar's verifyPosition applies. */
function assertSane(assert: any, position: Position) {
  assert.isAbove(position.fixTime.getTime(), Date.UTC(1999, 0, 1))
  assert.isBelow(position.fixTime.getTime(), Date.now() + 25 * 3600_000)
  assert.isAtMost(Math.abs(position.latitude), 90)
  assert.isAtMost(Math.abs(position.longitude), 180)
  assert.isAtLeast(position.altitude, -12262)
  assert.isAtMost(position.altitude, 18000)
  assert.isAtLeast(position.speed * KNOTS_PER_KMH, 0)
  assert.isAtMost(position.speed * KNOTS_PER_KMH, 869)
  assert.isAtLeast(position.course, 0)
  assert.isAtMost(position.course, 360)
}

interface RecordFacts {
  timestamp_ms: number
  priority: number
  longitude?: number
  latitude?: number
  altitude_m?: number
  angle_deg?: number
  satellites?: number
  speed_kmh: number
  event_io_id: number
  io: Record<string, number | string>
}

function assertRecord(assert: any, position: Position, facts: RecordFacts) {
  assert.equal(position.imei, IMEI)
  assert.equal(position.fixTime.getTime(), facts.timestamp_ms)
  assert.equal(position.attributes.priority, facts.priority)
  if (facts.latitude !== undefined) assert.closeTo(position.latitude, facts.latitude, 1e-7)
  if (facts.longitude !== undefined) assert.closeTo(position.longitude, facts.longitude, 1e-7)
  if (facts.altitude_m !== undefined) assert.equal(position.altitude, facts.altitude_m)
  if (facts.angle_deg !== undefined) assert.equal(position.course, facts.angle_deg)
  if (facts.satellites !== undefined) assert.equal(position.satellites, facts.satellites)
  assert.equal(position.speed, facts.speed_kmh)
  assert.equal(position.attributes.eventIo, facts.event_io_id)
  const hasFix = position.satellites > 0 || position.speed > 0
  const nullIsland = position.latitude === 0 && position.longitude === 0
  assert.equal(position.valid, hasFix && !nullIsland)
  for (const [id, raw] of Object.entries(facts.io)) {
    const { actual, expected } = ioExpectation(position.attributes, Number(id), raw)
    if (typeof expected === 'number' && !Number.isInteger(expected)) {
      assert.closeTo(actual as number, expected, 1e-9, `IO ${id}`)
    } else {
      assert.deepEqual(actual, expected, `IO ${id}`)
    }
  }
}

test.group('Teltonika decoder | login vectors', () => {
  for (const candidate of vectorsOf('teltonika').filter((v) => v.hex?.startsWith('000f'))) {
    test(candidate.id, ({ assert }) => {
      const login = decodeTeltonikaLogin(bytes(candidate))
      assert.isTrue(login.ok)
      if (!login.ok) return
      assert.equal(login.imei, candidate.derived?.imei ?? candidate.expected?.imei)
      if (candidate.expected?.imei) assert.equal(login.imei, candidate.expected.imei)
      assert.equal(encodeLoginReply(true).toString('hex'), candidate.expected?.server_reply_hex)
    })
  }

  test('rejects non-digits and wrong lengths', ({ assert }) => {
    const login = (length: number, text: string) =>
      Buffer.concat([Buffer.from([length >> 8, length & 0xff]), Buffer.from(text, 'latin1')])
    assert.isFalse(decodeTeltonikaLogin(login(15, '12345678901234a')).ok)
    assert.isFalse(decodeTeltonikaLogin(login(15, '12345678901234:')).ok)
    assert.isFalse(decodeTeltonikaLogin(login(14, '12345678901234')).ok)
    assert.isFalse(decodeTeltonikaLogin(login(18, '123456789012345678')).ok)
    assert.isFalse(decodeTeltonikaLogin(login(15, '1234567890123')).ok)
    assert.deepEqual(decodeTeltonikaLogin(login(17, '12345678901234567')), {
      ok: true,
      imei: '12345678901234567',
    })
  })
})

test.group('Teltonika decoder | AVL vectors', () => {
  for (const candidate of avlVectors) {
    test(candidate.id, ({ assert }) => {
      const derived = candidate.derived ?? {}
      const expected = candidate.expected ?? {}

      if (derived.crc_ok === false) {
        const result = decodeTeltonikaPacket(bytes(candidate), IMEI)
        assert.deepEqual(result, { kind: 'invalid', reason: 'CRC mismatch' })
        return
      }

      if (derived.codec_id === '0x0C') {
        const result = decodeTeltonikaPacket(bytes(candidate), IMEI)
        assert.equal(result.kind, 'responses')
        if (result.kind !== 'responses') return
        assert.deepEqual(result.responses, [{ text: derived.payload_ascii }])
        return
      }

      const result = decodeRecords(candidate)
      const count = derived.records_n1 ?? expected.records
      assert.equal(result.codec, Number(derived.codec_id ?? expected.codec_id))
      assert.equal(result.recordCount, count)
      assert.lengthOf(result.positions, count)
      assert.equal(encodeAck(result.recordCount).toString('hex'), expected.server_reply_hex)

      const records: RecordFacts[] =
        derived.records ??
        [expected.record_1, expected.record_2].filter((record) => record !== undefined)
      records.forEach((facts, index) => assertRecord(assert, result.positions[index], facts))
      if (expected.record_1 && derived.records) {
        assertRecord(assert, result.positions[0], expected.record_1)
      }
      if (expected.location_sanity_checked) {
        result.positions.forEach((position) => assertSane(assert, position))
      }
    })
  }

  test('teltonika-traccar-45: EYE temperature 1 is -11.87 °C (Traccar eyeTemp1)', ({ assert }) => {
    const [position] = decodeRecords(vector('teltonika-traccar-45')).positions
    assert.closeTo(position.attributes.temperatures!.eye1, -11.87, 1e-9)
    assert.equal(position.attributes.power, 12.458)
    assert.equal(position.attributes.odometer, 329)
  })

  test('teltonika-traccar-05: BLE tag payload kept raw (tag1Battery not decoded)', ({ assert }) => {
    const [position] = decodeRecords(vector('teltonika-traccar-05')).positions
    assert.match(NOT_DECODED['teltonika-traccar-05'], /model-specific/)
    const payload = position.attributes.io?.['10831'] as string
    assert.equal(payload.slice(-4), (3030).toString(16).padStart(4, '0'))
  })

  test('teltonika-traccar-43: fleet attributes of a moving FMx record', ({ assert }) => {
    const [position] = decodeRecords(vector('teltonika-traccar-43')).positions
    assert.isTrue(position.valid)
    assert.equal(position.speed, 94)
    assert.isTrue(position.attributes.ignition)
    assert.isTrue(position.attributes.motion)
    assert.equal(position.attributes.rssi, 5)
    assert.equal(position.attributes.power, 14.363)
    assert.equal(position.attributes.battery, 3.928)
  })

  test('teltonika-doc-codec8-1: no fix means valid false, DIN1 on, iButton 0 omitted', ({
    assert,
  }) => {
    const [position] = decodeRecords(vector('teltonika-doc-codec8-1')).positions
    assert.isFalse(position.valid)
    assert.deepEqual(position.attributes.inputs, { 1: true })
    assert.equal(position.attributes.power, 24.079)
    assert.isUndefined(position.attributes.driverUniqueId)
    assert.equal(position.attributes.io?.['241'], 24602)
  })

  test('teltonika-traccar-38: Codec 7 (GH3000) records', ({ assert }) => {
    const result = decodeRecords(vector('teltonika-traccar-38'))
    assert.equal(result.codec, 0x07)
    assert.lengthOf(result.positions, 2)
    const [first] = result.positions
    assert.closeTo(first.latitude, 44.44, 0.01)
    assert.closeTo(first.longitude, 26.09, 0.01)
    assert.equal(first.altitude, 61)
    assert.equal(first.satellites, 5)
    assert.isTrue(first.valid)
    assert.equal(first.attributes.priority, 1)
    result.positions.forEach((position) => assertSane(assert, position))
  })
})

/** Teltonika wiki Codec 16 example (two records, generation type 5); its CRC checks out. */
const CODEC_16_FRAME =
  '000000000000005f10020000016bdbc7833000000000000000000000000000000000000b05040200010000030002000b00270042563a00000000016bdbc7871800000000000000000000000000000000000b05040200010000030002000b00260042563a00000200005fb3'

/** Rebuilds a frame around a data field, with a correct length and CRC. */
function frameAround(data: Buffer): Buffer {
  const frame = Buffer.alloc(12 + data.length)
  frame.writeUInt32BE(data.length, 4)
  data.copy(frame, 8)
  frame.writeUInt32BE(crc16Arc(data), 8 + data.length)
  return frame
}

test.group('Teltonika decoder | Codec 16 and malformed packets', () => {
  test('Codec 16: 2-byte IO ids, generation type, 1-byte counts', ({ assert }) => {
    const result = decodeTeltonikaPacket(Buffer.from(CODEC_16_FRAME, 'hex'), IMEI)
    assert.equal(result.kind, 'records')
    if (result.kind !== 'records') return
    assert.equal(result.codec, 0x10)
    assert.equal(result.recordCount, 2)
    const [first, second] = result.positions
    assert.equal(first.fixTime.toISOString(), '2019-07-10T12:06:54.000Z')
    assert.equal(first.attributes.eventIo, 11)
    assert.equal(first.attributes.generationType, 5)
    assert.deepEqual(first.attributes.inputs, { 1: false, 3: false })
    assert.deepEqual(first.attributes.io, { 11: 0x27 })
    assert.equal(first.attributes.power, 22.074)
    assert.deepEqual(second.attributes.io, { 11: 0x26 })
  })

  test('a flipped bit fails the CRC and nothing is decoded', ({ assert }) => {
    const frame = bytes(vector('teltonika-doc-codec8-2'))
    frame[20] ^= 0x01
    assert.deepEqual(decodeTeltonikaPacket(frame, IMEI), {
      kind: 'invalid',
      reason: 'CRC mismatch',
    })
  })

  test('N1 different from N2 is rejected', ({ assert }) => {
    const frame = bytes(vector('teltonika-doc-codec8-3'))
    const data = Buffer.from(frame.subarray(8, frame.length - 4))
    data[data.length - 1] = 1
    const result = decodeTeltonikaPacket(frameAround(data), IMEI)
    assert.deepEqual(result, { kind: 'invalid', reason: 'record counts differ' })
  })

  test('a record running past the data field is rejected', ({ assert }) => {
    const frame = bytes(vector('teltonika-doc-codec8-2'))
    const data = Buffer.from(frame.subarray(8, frame.length - 4))
    const truncated = Buffer.concat([data.subarray(0, 20), data.subarray(data.length - 1)])
    assert.equal(decodeTeltonikaPacket(frameAround(truncated), IMEI).kind, 'invalid')
  })

  test('declared length disagreeing with the frame is rejected', ({ assert }) => {
    const frame = bytes(vector('teltonika-doc-codec8-2'))
    assert.deepEqual(decodeTeltonikaPacket(frame.subarray(0, frame.length - 1), IMEI), {
      kind: 'invalid',
      reason: 'length field mismatch',
    })
  })

  test('unknown codecs are rejected', ({ assert }) => {
    const result = decodeTeltonikaPacket(frameAround(Buffer.from([0x99, 0x00, 0x00])), IMEI)
    assert.deepEqual(result, { kind: 'invalid', reason: 'unsupported codec 0x99' })
  })

  test('Codec 13 responses carry their time', ({ assert }) => {
    const text = Buffer.from('OK', 'latin1')
    const data = Buffer.concat([
      Buffer.from([0x0d, 0x01, 0x06, 0x00, 0x00, 0x00, 4 + text.length, 0x5e, 0x5e, 0x5e, 0x5e]),
      text,
      Buffer.from([0x01]),
    ])
    const result = decodeTeltonikaPacket(frameAround(data), IMEI)
    assert.deepEqual(result, {
      kind: 'responses',
      codec: 0x0d,
      responses: [{ text: 'OK', time: new Date(0x5e5e5e5e * 1000) }],
    })
  })
})

test.group('Teltonika Codec 8 with the 16-byte IO group (FMB variant)', () => {
  test('a record that fits only with the group is read with it, its value kept as hex', ({
    assert,
  }) => {
    const result = decodeTeltonikaPacket(codec8Packet(true), '356307042441013')
    assert.equal(result.kind, 'records')
    if (result.kind !== 'records') return
    assert.equal(result.recordCount, 1)
    const [position] = result.positions
    assert.isTrue(position.attributes.ignition)
    assert.equal(position.attributes.io?.['156'], '00112233445566778899aabbccddeeff')
    assert.approximately(position.latitude, 41.0151, 1e-6)
  })

  test('a plain Codec 8 packet is never read as the variant', ({ assert }) => {
    const result = decodeTeltonikaPacket(codec8Packet(false), '356307042441013')
    assert.equal(result.kind, 'records')
    if (result.kind !== 'records') return
    assert.isUndefined(result.positions[0].attributes.io?.['156'])
  })
})

/** A Codec 8 packet of one record whose 4-byte IO elements are the given id → value pairs. */
function codec8WithFourByteIo(elements: [id: number, value: number][]): Buffer {
  const gps = Buffer.alloc(24)
  gps.writeUInt32BE(0x0000018c, 0)
  gps.writeUInt32BE(0x2a3b4c5d, 4)
  gps.writeInt32BE(289795000, 9)
  gps.writeInt32BE(410151000, 13)
  gps[21] = 9
  const four = elements.map(([id, value]) => {
    const element = Buffer.alloc(5)
    element[0] = id
    element.writeUInt32BE(value, 1)
    return element
  })
  const io = Buffer.concat([
    Buffer.from([0, elements.length, 0, 0, elements.length]),
    ...four,
    Buffer.from([0]),
  ])
  return frameAround(Buffer.concat([Buffer.from([0x08, 1]), gps, io, Buffer.from([1])]))
}

test.group('Teltonika decoder | device odometer', () => {
  test('a tracker sending only the OBD/CAN odometer (IO 87) has it as its odometer', ({
    assert,
  }) => {
    const result = decodeTeltonikaPacket(codec8WithFourByteIo([[87, 123_456_700]]), IMEI)
    assert.equal(result.kind, 'records')
    if (result.kind !== 'records') return
    const [position] = result.positions
    assert.equal(position.attributes.obdOdometer, 123_456_700)
    assert.equal(position.attributes.odometer, 123_456_700)
  })

  test('the total odometer (IO 16) stays the odometer when IO 87 comes with it', ({ assert }) => {
    const result = decodeTeltonikaPacket(
      codec8WithFourByteIo([
        [16, 98_000_000],
        [87, 123_456_700],
      ]),
      IMEI
    )
    assert.equal(result.kind, 'records')
    if (result.kind !== 'records') return
    const [position] = result.positions
    assert.equal(position.attributes.odometer, 98_000_000)
    assert.equal(position.attributes.obdOdometer, 123_456_700)
  })
})
