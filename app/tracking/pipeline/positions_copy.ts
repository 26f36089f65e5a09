import type { PositionRow } from './enrich.js'

/** The positions' columns, in the order of each COPY tuple. */
export const POSITIONS_COPY_SQL = `COPY positions (device_id, company_id, fix_time, server_time,
  latitude, longitude, speed, course, altitude, satellites, valid, attributes)
  FROM STDIN (FORMAT binary)`

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')
const FIELDS = 12
/** PostgreSQL's timestamp epoch (2000-01-01 UTC) in Unix milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000
const TWO_TO_32 = 4_294_967_296
const JSONB_VERSION = 1
/** Fixed-size fields of a tuple with their length words, without the JSON text. */
const FIXED_TUPLE_BYTES = 2 + 4 * FIELDS + 4 + 4 + 8 + 8 + 8 + 8 + 4 + 4 + 4 + 2 + 1 + 1

/**
 * The batch's positions in PostgreSQL's binary COPY format, written straight into one buffer:
 * numbers go as their machine representation (no decimal text to format here or parse there)
 * and times as microseconds since 2000, exact for every millisecond. Only the attributes are
 * text (JSON, as jsonb's binary form is a version byte and the JSON text).
 */
export class PositionsCopyWriter {
  private buffer: Buffer
  private offset = 0
  rows = 0

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes)
    this.buffer.set(SIGNATURE, 0)
    // Flags and header-extension length: none.
    this.buffer.writeUInt32BE(0, SIGNATURE.length)
    this.buffer.writeUInt32BE(0, SIGNATURE.length + 4)
    this.offset = SIGNATURE.length + 8
  }

  add(deviceId: number, companyId: number, position: PositionRow) {
    const json = JSON.stringify(position.attributes)
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.reserve(FIXED_TUPLE_BYTES + json.length * 3)
    const buffer = this.buffer
    let at = buffer.writeInt16BE(FIELDS, this.offset)
    at = this.int4(at, deviceId)
    at = this.int4(at, companyId)
    at = this.timestamp(at, position.fixTime.getTime())
    at = this.timestamp(at, position.serverTime.getTime())
    at = buffer.writeInt32BE(8, at)
    at = buffer.writeDoubleBE(position.latitude, at)
    at = buffer.writeInt32BE(8, at)
    at = buffer.writeDoubleBE(position.longitude, at)
    at = this.float4(at, position.speed)
    at = this.float4(at, position.course)
    at = this.float4(at, position.altitude)
    at = buffer.writeInt32BE(2, at)
    at = buffer.writeInt16BE(smallint(position.satellites), at)
    at = buffer.writeInt32BE(1, at)
    buffer[at++] = position.valid ? 1 : 0
    const lengthAt = at
    buffer[at + 4] = JSONB_VERSION
    const written = buffer.write(json, at + 5, 'utf8')
    buffer.writeInt32BE(written + 1, lengthAt)
    this.offset = at + 5 + written
    this.rows++
  }

  /** The whole COPY data, trailer included. */
  finish(): Buffer {
    this.reserve(2)
    this.offset = this.buffer.writeInt16BE(-1, this.offset)
    return this.buffer.subarray(0, this.offset)
  }

  private int4(at: number, value: number) {
    at = this.buffer.writeInt32BE(4, at)
    return this.buffer.writeInt32BE(value, at)
  }

  private float4(at: number, value: number) {
    at = this.buffer.writeInt32BE(4, at)
    return this.buffer.writeFloatBE(value, at)
  }

  private timestamp(at: number, unixMs: number) {
    // Below 2^53, so exact as a double; split into two 32-bit words.
    const micros = (unixMs - POSTGRES_EPOCH_MS) * 1000
    const high = Math.floor(micros / TWO_TO_32)
    at = this.buffer.writeInt32BE(8, at)
    at = this.buffer.writeInt32BE(high, at)
    return this.buffer.writeUInt32BE(micros - high * TWO_TO_32, at)
  }

  private reserve(bytes: number) {
    if (this.offset + bytes <= this.buffer.length) return
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes))
    this.buffer.copy(grown, 0, 0, this.offset)
    this.buffer = grown
  }
}

/** A satellite count as smallint; the column cannot hold more (nor a fraction). */
function smallint(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.max(-32768, Math.min(32767, Math.round(value)))
}
