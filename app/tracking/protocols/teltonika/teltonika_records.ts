import type { Position, PositionAttributes } from '../../position.js'
import { CODEC_16, CODEC_8, CODEC_8_EXTENDED } from './teltonika_constants.js'
import { applyTeltonikaIo, applyTeltonikaVariableIo } from './teltonika_io.js'

/** Thrown when a record runs past the data field; the packet is rejected as a whole. */
export class TruncatedPacketError extends Error {}

interface RecordLayout {
  /** Width of IO ids and of the event IO id. */
  idSize: 1 | 2
  /** Width of the total IO count and of each group count. */
  countSize: 1 | 2
  /** Codec 16 carries a generation type byte after the event IO id. */
  hasGenerationType: boolean
  /** Codec 8 Extended ends with a group of variable-length elements. */
  hasVariableGroup: boolean
  /**
   * Some FMB models add a group of 16-byte elements after the 8-byte group (Traccar's
   * `extended` option); the decoder tries this layout when the plain one does not fit.
   */
  hasSixteenByteGroup?: boolean
}

/** The same layout with the group of 16-byte elements some FMB models add. */
export function withSixteenByteGroup(layout: RecordLayout): RecordLayout {
  return { ...layout, hasSixteenByteGroup: true }
}

export const RECORD_LAYOUTS: ReadonlyMap<number, RecordLayout> = new Map([
  [CODEC_8, { idSize: 1, countSize: 1, hasGenerationType: false, hasVariableGroup: false }],
  [CODEC_8_EXTENDED, { idSize: 2, countSize: 2, hasGenerationType: false, hasVariableGroup: true }],
  [CODEC_16, { idSize: 2, countSize: 1, hasGenerationType: true, hasVariableGroup: false }],
])

const GROUP_VALUE_SIZES = [1, 2, 4, 8] as const
/** Timestamp 8, priority 1, longitude 4, latitude 4, altitude 2, angle 2, satellites 1, speed 2. */
const GPS_ELEMENT_LENGTH = 24
const TWO_POW_32 = 4294967296

export function isPlausibleFix(latitude: number, longitude: number): boolean {
  return (
    Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && !(latitude === 0 && longitude === 0)
  )
}

function ensure(end: number, offset: number, bytes: number): void {
  if (offset + bytes > end) throw new TruncatedPacketError('record runs past the data field')
}

function readCount(data: Buffer, offset: number, size: 1 | 2): number {
  return size === 1 ? data[offset] : data.readUInt16BE(offset)
}

/**
 * Reads one Codec 8 / 8 Extended / 16 record starting at `offset` (data must end before `end`).
 * Returns the position and the offset just after the record.
 */
export function readRecord(
  data: Buffer,
  offset: number,
  end: number,
  layout: RecordLayout,
  imei: string
): { position: Position; next: number } {
  ensure(end, offset, GPS_ELEMENT_LENGTH)
  const timestamp = data.readUInt32BE(offset) * TWO_POW_32 + data.readUInt32BE(offset + 4)
  const priority = data[offset + 8]
  const longitude = data.readInt32BE(offset + 9) / 1e7
  const latitude = data.readInt32BE(offset + 13) / 1e7
  const altitude = data.readInt16BE(offset + 17)
  const course = data.readUInt16BE(offset + 19)
  const satellites = data[offset + 21]
  const speed = data.readUInt16BE(offset + 22)
  let cursor = offset + GPS_ELEMENT_LENGTH

  const { idSize, countSize } = layout
  const headerSize = idSize + (layout.hasGenerationType ? 1 : 0) + countSize
  ensure(end, cursor, headerSize)
  const attributes: PositionAttributes = { priority, eventIo: readCount(data, cursor, idSize) }
  cursor += idSize
  if (layout.hasGenerationType) {
    attributes.generationType = data[cursor]
    cursor += 1
  }
  cursor += countSize

  for (const valueSize of GROUP_VALUE_SIZES) {
    ensure(end, cursor, countSize)
    const count = readCount(data, cursor, countSize)
    cursor += countSize
    const elementSize = idSize + valueSize
    ensure(end, cursor, count * elementSize)
    for (let i = 0; i < count; i++) {
      const id = idSize === 1 ? data[cursor] : data.readUInt16BE(cursor)
      applyTeltonikaIo(attributes, id, data, cursor + idSize, valueSize)
      cursor += elementSize
    }
  }

  if (layout.hasSixteenByteGroup) {
    ensure(end, cursor, countSize)
    const count = readCount(data, cursor, countSize)
    cursor += countSize
    ensure(end, cursor, count * (idSize + 16))
    for (let i = 0; i < count; i++) {
      const id = idSize === 1 ? data[cursor] : data.readUInt16BE(cursor)
      attributes.io = {
        ...attributes.io,
        [String(id)]: data.toString('hex', cursor + idSize, cursor + idSize + 16),
      }
      cursor += idSize + 16
    }
  }

  if (layout.hasVariableGroup) {
    ensure(end, cursor, 2)
    const count = data.readUInt16BE(cursor)
    cursor += 2
    for (let i = 0; i < count; i++) {
      ensure(end, cursor, 4)
      const id = data.readUInt16BE(cursor)
      const length = data.readUInt16BE(cursor + 2)
      cursor += 4
      ensure(end, cursor, length)
      applyTeltonikaVariableIo(attributes, id, data, cursor, length)
      cursor += length
    }
  }

  // The tracker's own total odometer (IO 16) is the device odometer; a tracker configured
  // without it reports the vehicle's OBD/CAN odometer (IO 87) instead. Never both in turn:
  // two counters at different levels would look like resets to the odometer filter.
  if (attributes.odometer === undefined && typeof attributes.obdOdometer === 'number') {
    attributes.odometer = attributes.obdOdometer
  }

  const position: Position = {
    imei,
    fixTime: new Date(timestamp),
    latitude,
    longitude,
    speed,
    course,
    altitude,
    satellites,
    // Teltonika repeats the last known coordinates with speed 0 and no satellites when it has
    // no fix.
    valid: (satellites > 0 || speed > 0) && isPlausibleFix(latitude, longitude),
    attributes,
  }
  return { position, next: cursor }
}
