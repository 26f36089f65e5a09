import type { Assert } from '@japa/assert'
import type { Position, PositionAttributes } from '#tracking/position'
import { crc16Kermit } from '#tracking/protocols/crc'
import { readFileSync } from 'node:fs'

/** A frame of tests/fixtures/protocols/vectors-more.json (Traccar's decoder tests). */
export interface MoreVector {
  id: string
  protocol: 'h02' | 'gps103' | 'gl200' | 'ruptela' | 'meitrack'
  description: string
  payload_hex: string
  payload_text?: string
  /** What travels on the TCP stream when it differs from the payload (delimiters). */
  tcp_wire_hex?: string
  expect: 'position' | 'none' | 'attributes'
  expected?: {
    time?: string
    valid?: boolean
    lat?: number
    lon?: number
    attributes?: Record<string, unknown>
  }
  ack_hex?: string
  ack_text?: string
  ack_text_pattern?: string
  device_id_in_frame?: string
  needs_prior: string[]
}

const file = new URL('../../../fixtures/protocols/vectors-more.json', import.meta.url)
const contents = JSON.parse(readFileSync(file, 'utf8')) as { vectors: MoreVector[] }

export function moreVectorsOf(protocol: MoreVector['protocol']): MoreVector[] {
  return contents.vectors.filter((candidate) => candidate.protocol === protocol)
}

/**
 * The bytes a device puts on the TCP stream for this frame. Meitrack text frames are stored
 * without the CRLF their declared length counts (and one, D82, declares three bytes more than
 * it has): they are sent as a device sends them, ending CRLF, with their true length.
 */
export function wireBytes(vector: MoreVector): Buffer {
  const bytes = Buffer.from(vector.tcp_wire_hex ?? vector.payload_hex, 'hex')
  if (vector.protocol === 'ruptela') return ruptelaWireBytes(bytes)
  if (vector.protocol !== 'meitrack' || bytes.at(-1) === 0x0a) return bytes
  const comma = bytes.indexOf(0x2c)
  const rest = bytes.toString('latin1', comma)
  const head = bytes.toString('latin1', 0, 3)
  return Buffer.from(`${head}${rest.length + 2}${rest}\r\n`, 'latin1')
}

/**
 * One of Traccar's Ruptela frames (an SMS answer) declares 17 bytes for its 36-byte payload:
 * it is sent with its true length and the CRC of that payload, as a device would.
 */
function ruptelaWireBytes(bytes: Buffer): Buffer {
  if (bytes.readUInt16BE(0) + 4 === bytes.length) return bytes
  const payload = bytes.subarray(2, bytes.length - 2)
  const frame = Buffer.alloc(payload.length + 4)
  frame.writeUInt16BE(payload.length, 0)
  payload.copy(frame, 2)
  frame.writeUInt16BE(crc16Kermit(frame, 2, frame.length - 2), frame.length - 2)
  return frame
}

/** The reply expected, with the server-time placeholder filled from `now`. */
export function expectedAck(vector: MoreVector, now: Date): string | null {
  if (vector.ack_text_pattern) {
    const iso = now.toISOString()
    const stamp = iso.slice(0, 10).replaceAll('-', '') + iso.slice(11, 19).replaceAll(':', '')
    return vector.ack_text_pattern.replace('<yyyyMMddHHmmss UTC server time>', stamp)
  }
  if (vector.ack_hex) return Buffer.from(vector.ack_hex, 'hex').toString('latin1')
  return null
}

type DecodedFrame =
  | { kind: 'invalid'; reason: string }
  | { kind: 'position'; imei: string; reply: string | null; position: Position }
  | { kind: 'status'; imei: string; reply: string | null; attributes: PositionAttributes }
  | { kind: string; imei: string; reply: string | null }

/**
 * Holds a decoded frame to what Traccar's test says of it: the device id, the reply, and the
 * position (time, validity, coordinates) or attributes it asserts. Traccar's attribute names
 * are translated by `attributeNames` where ours differ.
 */
export function assertDecodedAsTraccarSays(
  assert: Assert,
  vector: MoreVector,
  result: DecodedFrame,
  now: Date,
  attributeNames: Record<string, string> = {}
) {
  assert.notEqual(result.kind, 'invalid', JSON.stringify(result))
  if (!('imei' in result)) return
  assert.equal(result.imei, vector.device_id_in_frame)
  assert.equal(result.reply, expectedAck(vector, now))
  if (vector.expect === 'none') return assert.oneOf(result.kind, ['none', 'login'])
  if (vector.expect === 'position') {
    assert.equal(result.kind, 'position')
    if (!('position' in result)) return
    const { position } = result
    assert.isTrue(Math.abs(position.latitude) <= 90 && Math.abs(position.longitude) <= 180)
    const expected = vector.expected
    if (expected?.time) assert.equal(position.fixTime.toISOString(), expected.time)
    if (expected?.valid !== undefined) assert.equal(position.valid, expected.valid)
    if (expected?.lat !== undefined) assert.approximately(position.latitude, expected.lat, 1e-5)
    if (expected?.lon !== undefined) assert.approximately(position.longitude, expected.lon, 1e-5)
    return
  }
  const attributes: PositionAttributes =
    'position' in result
      ? result.position.attributes
      : 'attributes' in result
        ? result.attributes
        : {}
  assert.isAbove(Object.keys(attributes).length, 0)
  for (const [key, value] of Object.entries(vector.expected?.attributes ?? {})) {
    assert.equal(attributes[attributeNames[key] ?? key], value)
  }
}
