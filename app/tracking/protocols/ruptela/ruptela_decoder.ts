import type { Position, PositionAttributes } from '../../position.js'
import { crc16Kermit } from '../crc.js'
import { encodeRuptelaAck } from './ruptela_encoder.js'

export type RuptelaResult =
  | { kind: 'invalid'; reason: string }
  | { kind: 'positions'; imei: string; positions: Position[]; reply: Buffer | null }
  | { kind: 'command_reply'; imei: string; text: string }
  | { kind: 'none'; imei: string; reply: Buffer | null }

const RECORDS = 1
const SMS_VIA_GPRS_RESPONSE = 7
const DTCS = 9
const IDENTIFICATION = 15
const HEARTBEAT = 16
const EXTENDED_RECORDS = 68
/** Answers to configuration, version and firmware commands carry text, as SMS answers do. */
const TEXT_ANSWERS = new Set([2, 3, 4, SMS_VIA_GPRS_RESPONSE])

/** An IO parameter onto the position's attributes (Ruptela's IO ids, FM-Eco/Pro). */
function applyParameter(attributes: PositionAttributes, id: number, value: bigint | number) {
  const n = Number(value)
  switch (id) {
    case 2:
    case 3:
    case 4:
    case 5:
      attributes.inputs = { ...(attributes.inputs ?? {}), [id - 1]: n > 0 }
      break
    case 13:
    case 173:
      attributes.motion = n > 0
      break
    case 29:
      attributes.power = n / 1000
      break
    case 30:
      attributes.battery = n / 1000
      break
    case 65:
      attributes.odometer = n
      break
    case 163:
      attributes.odometer = n * 5
      break
    case 164:
      attributes.tripOdometer = n * 5
      break
    case 98:
      attributes.fuelLevel = (n * 100) / 255
      break
    case 205:
      attributes.fuelLevel = n
      break
    case 207:
      attributes.fuelLevel = n * 0.4
      break
    case 208:
      attributes.fuelUsed = n * 0.5
      break
    case 251:
    case 409:
      attributes.ignition = n > 0
      break
    case 134:
      if (n > 0) attributes.harshBraking = true
      break
    case 136:
      if (n > 0) attributes.harshAcceleration = true
      break
    case 411:
      if (n > 0) attributes.accident = true
      break
    case 88:
      if (n > 0) attributes.jamming = true
      break
    default:
      attributes.io = { ...(attributes.io ?? {}), [String(id)]: n }
  }
}

function readValue(frame: Buffer, offset: number, size: number): bigint | number {
  if (size === 1) return frame.readUInt8(offset)
  if (size === 2) return frame.readUInt16BE(offset)
  if (size === 4) return frame.readUInt32BE(offset)
  return frame.readBigUInt64BE(offset)
}

function decodeRecords(imei: string, frame: Buffer, command: number): Position[] {
  const extended = command === EXTENDED_RECORDS
  let offset = 12 // length 2, IMEI 8, command 1, records left 1
  const count = frame[offset++]
  const positions: Position[] = []
  for (let record = 0; record < count; record++) {
    const fixTime = new Date(frame.readUInt32BE(offset) * 1000)
    offset += 5 // time, time extension
    let merged: Position | undefined
    if (extended) {
      // Several records of one instant may be split to carry more IO: merge them.
      const part = frame[offset++]
      const total = part >> 4
      const current = part & 0x0f
      if (current > 0 && current <= total) merged = positions.at(-1)
    }
    offset += 1 // priority
    const longitude = frame.readInt32BE(offset)
    const latitude = frame.readInt32BE(offset + 4)
    // The lowest integer for both coordinates: no fix (the session puts it at the last place).
    const fix = longitude !== -0x80000000 && latitude !== -0x80000000
    const attributes: PositionAttributes = merged?.attributes ?? {}
    const position: Position = merged ?? {
      imei,
      fixTime,
      latitude: fix ? latitude / 1e7 : 0,
      longitude: fix ? longitude / 1e7 : 0,
      altitude: fix ? frame.readUInt16BE(offset + 8) / 10 : 0,
      course: fix ? frame.readUInt16BE(offset + 10) / 100 : 0,
      satellites: fix ? frame[offset + 12] : 0,
      speed: fix ? frame.readUInt16BE(offset + 13) : 0,
      valid: fix,
      attributes,
    }
    attributes.hdop = frame[offset + 15] / 10
    offset += 16
    attributes.deviceEvent = extended ? frame.readUInt16BE(offset) : frame[offset]
    offset += extended ? 2 : 1
    for (const size of [1, 2, 4, 8]) {
      const values = frame[offset++]
      for (let n = 0; n < values; n++) {
        const id = extended ? frame.readUInt16BE(offset) : frame[offset]
        offset += extended ? 2 : 1
        if (id === 34) attributes.driverUniqueId = frame.toString('hex', offset, offset + size)
        else applyParameter(attributes, id, readValue(frame, offset, size))
        offset += size
      }
    }
    if (!merged) positions.push(position)
  }
  if (offset > frame.length - 2) throw new RangeError('records past the end of the frame')
  return positions
}

/** Decodes one frame from RuptelaFrameDecoder (CRC checked here). Pure: replies are returned. */
export function decodeRuptelaFrame(frame: Buffer): RuptelaResult {
  if (frame.length < 13) return { kind: 'invalid', reason: 'short frame' }
  const end = frame.length - 2
  if (crc16Kermit(frame, 2, end) !== frame.readUInt16BE(end)) {
    return { kind: 'invalid', reason: 'CRC mismatch' }
  }
  const imei = frame.readBigUInt64BE(2).toString().padStart(15, '0')
  const command = frame[10]
  try {
    if (command === RECORDS || command === EXTENDED_RECORDS) {
      const positions = decodeRecords(imei, frame, command)
      return { kind: 'positions', imei, positions, reply: encodeRuptelaAck(command) }
    }
    if (command === DTCS) {
      return { kind: 'none', imei, reply: encodeRuptelaAck(DTCS) }
    }
  } catch {
    return { kind: 'invalid', reason: 'records past the end of the frame' }
  }
  if (command === IDENTIFICATION || command === HEARTBEAT) {
    return { kind: 'none', imei, reply: encodeRuptelaAck(command) }
  }
  if (TEXT_ANSWERS.has(command)) {
    return { kind: 'command_reply', imei, text: frame.toString('latin1', 11, end).trim() }
  }
  return { kind: 'none', imei, reply: null }
}
