import type { Position, PositionAttributes } from '../../position.js'
import { applyRawIo } from './teltonika_io.js'
import { TruncatedPacketError, isPlausibleFix } from './teltonika_records.js'

/**
 * Codec 7 records (GH3000 personal trackers). Each record: u32 time (bits 30-31 priority,
 * bits 0-29 seconds since 2007-01-01 UTC) | global mask u8 | optional GPS element | optional
 * IO groups of 1-, 2- and 4-byte values (count u8, then id u8 + value).
 *
 * GPS element: location mask u8, then by mask bit: 0 latitude + longitude (float32 each),
 * 1 altitude u16, 2 angle u8 (1/256 of a turn), 3 speed u8 km/h, 4 satellites u8,
 * 5 LAC u16 + cell id u16, 6 signal quality u8, 7 operator code u32.
 */

const GH3000_EPOCH_SECONDS = 1167609600

const GLOBAL_GPS = 0x01
const GLOBAL_IO_GROUPS = [
  { bit: 0x02, size: 1 },
  { bit: 0x04, size: 2 },
  { bit: 0x08, size: 4 },
] as const

function ensure(end: number, offset: number, bytes: number): void {
  if (offset + bytes > end) throw new TruncatedPacketError('record runs past the data field')
}

export function readGh3000Record(
  data: Buffer,
  offset: number,
  end: number,
  imei: string
): { position: Position; next: number } {
  ensure(end, offset, 5)
  const timeWord = data.readUInt32BE(offset)
  const globalMask = data[offset + 4]
  let cursor = offset + 5
  const attributes: PositionAttributes = { priority: timeWord >>> 30 }
  let latitude = 0
  let longitude = 0
  let altitude = 0
  let course = 0
  let speed = 0
  let satellites = 0
  let hasCoordinates = false

  if (globalMask & GLOBAL_GPS) {
    ensure(end, cursor, 1)
    const locationMask = data[cursor]
    cursor += 1
    if (locationMask & 0x01) {
      ensure(end, cursor, 8)
      latitude = data.readFloatBE(cursor)
      longitude = data.readFloatBE(cursor + 4)
      hasCoordinates = true
      cursor += 8
    }
    if (locationMask & 0x02) {
      ensure(end, cursor, 2)
      altitude = data.readUInt16BE(cursor)
      cursor += 2
    }
    if (locationMask & 0x04) {
      ensure(end, cursor, 1)
      course = (data[cursor] * 360) / 256
      cursor += 1
    }
    if (locationMask & 0x08) {
      ensure(end, cursor, 1)
      speed = data[cursor]
      cursor += 1
    }
    if (locationMask & 0x10) {
      ensure(end, cursor, 1)
      satellites = data[cursor]
      cursor += 1
    }
    if (locationMask & 0x20) {
      ensure(end, cursor, 4)
      attributes.lac = data.readUInt16BE(cursor)
      attributes.cellId = data.readUInt16BE(cursor + 2)
      cursor += 4
    }
    if (locationMask & 0x40) {
      ensure(end, cursor, 1)
      attributes.gsmLevel = data[cursor]
      cursor += 1
    }
    if (locationMask & 0x80) {
      ensure(end, cursor, 4)
      attributes.operator = data.readUInt32BE(cursor)
      cursor += 4
    }
  }

  for (const group of GLOBAL_IO_GROUPS) {
    if (!(globalMask & group.bit)) continue
    ensure(end, cursor, 1)
    const count = data[cursor]
    cursor += 1
    ensure(end, cursor, count * (1 + group.size))
    for (let i = 0; i < count; i++) {
      applyRawIo(attributes, data[cursor], data, cursor + 1, group.size)
      cursor += 1 + group.size
    }
  }

  const seconds = (timeWord & 0x3fffffff) + GH3000_EPOCH_SECONDS
  const position: Position = {
    imei,
    fixTime: new Date(seconds * 1000),
    latitude,
    longitude,
    speed,
    course,
    altitude,
    satellites,
    valid: hasCoordinates && satellites > 0 && isPlausibleFix(latitude, longitude),
    attributes,
  }
  return { position, next: cursor }
}
