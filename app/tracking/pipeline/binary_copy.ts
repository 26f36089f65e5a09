const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')
/** PostgreSQL's timestamp epoch (2000-01-01 UTC) in Unix milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000
const TWO_TO_32 = 4_294_967_296
const JSONB_VERSION = 1
/** Room for a tuple's fixed-size fields; text fields reserve their own. */
const TUPLE_RESERVE = 512

/**
 * Rows in PostgreSQL's binary COPY format, written straight into one growing buffer: numbers
 * go as their machine representation (no decimal text to format here or parse there), times
 * as microseconds since 2000 (exact for every millisecond), text as UTF-8. Each row is
 * `row(fields)` followed by exactly that many field calls, in the table's column order.
 */
export class BinaryCopyWriter {
  private buffer: Buffer
  private offset: number
  private rowStart = -1
  rows = 0
  /** The bytes of the largest row written (complete once `finish()` has run). */
  largestRowBytes = 0

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(Math.max(initialBytes, SIGNATURE.length + 8 + 2))
    this.buffer.set(SIGNATURE, 0)
    // Flags and header-extension length: none.
    this.buffer.writeUInt32BE(0, SIGNATURE.length)
    this.buffer.writeUInt32BE(0, SIGNATURE.length + 4)
    this.offset = SIGNATURE.length + 8
  }

  row(fields: number) {
    this.endRow()
    this.reserve(TUPLE_RESERVE)
    this.rowStart = this.offset
    this.offset = this.buffer.writeInt16BE(fields, this.offset)
    this.rows++
  }

  null() {
    this.offset = this.buffer.writeInt32BE(-1, this.offset)
  }

  int4(value: number) {
    this.offset = this.buffer.writeInt32BE(4, this.offset)
    this.offset = this.buffer.writeInt32BE(value, this.offset)
  }

  /** A smallint; the column holds no more (nor a fraction). */
  int2(value: number | null) {
    if (value === null || !Number.isFinite(value)) return this.null()
    this.offset = this.buffer.writeInt32BE(2, this.offset)
    this.offset = this.buffer.writeInt16BE(
      Math.max(-32768, Math.min(32767, Math.round(value))),
      this.offset
    )
  }

  float4(value: number | null) {
    if (value === null) return this.null()
    this.offset = this.buffer.writeInt32BE(4, this.offset)
    this.offset = this.buffer.writeFloatBE(value, this.offset)
  }

  float8(value: number | null) {
    if (value === null) return this.null()
    this.offset = this.buffer.writeInt32BE(8, this.offset)
    this.offset = this.buffer.writeDoubleBE(value, this.offset)
  }

  bool(value: boolean | null) {
    if (value === null) return this.null()
    this.offset = this.buffer.writeInt32BE(1, this.offset)
    this.buffer[this.offset++] = value ? 1 : 0
  }

  /** A timestamptz from Unix milliseconds. */
  timestamp(unixMs: number | null) {
    if (unixMs === null) return this.null()
    // Below 2^53, so exact as a double; split into two 32-bit words.
    const micros = (unixMs - POSTGRES_EPOCH_MS) * 1000
    const high = Math.floor(micros / TWO_TO_32)
    this.offset = this.buffer.writeInt32BE(8, this.offset)
    this.offset = this.buffer.writeInt32BE(high, this.offset)
    this.offset = this.buffer.writeUInt32BE(micros - high * TWO_TO_32, this.offset)
  }

  /** text, varchar and json (whose binary form is the text). */
  text(value: string | null) {
    if (value === null) return this.null()
    this.variable(value, false)
  }

  /** jsonb: a version byte, then the JSON text. */
  jsonb(json: string) {
    this.variable(json, true)
  }

  /** The whole COPY data, trailer included. */
  finish(): Buffer {
    this.endRow()
    this.reserve(2)
    this.offset = this.buffer.writeInt16BE(-1, this.offset)
    return this.buffer.subarray(0, this.offset)
  }

  private variable(text: string, versioned: boolean) {
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.reserve(4 + 1 + text.length * 3)
    const lengthAt = this.offset
    let at = lengthAt + 4
    if (versioned) this.buffer[at++] = JSONB_VERSION
    const written = this.buffer.write(text, at, 'utf8')
    this.buffer.writeInt32BE(at - lengthAt - 4 + written, lengthAt)
    this.offset = at + written
  }

  private endRow() {
    if (this.rowStart < 0) return
    this.largestRowBytes = Math.max(this.largestRowBytes, this.offset - this.rowStart)
    this.rowStart = -1
  }

  private reserve(bytes: number) {
    if (this.offset + bytes <= this.buffer.length) return
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes))
    this.buffer.copy(grown, 0, 0, this.offset)
    this.buffer = grown
  }
}
