import type { PositionAttributes } from '../../position.js'
import { applyAlarm, applyTerminalInfo, need } from './gt06_blocks.js'
import { readStandardStatus } from './gt06_location.js'
import type { Gt06Variant } from './gt06_variants.js'

/** CSQ 0..31 normalized to 0..5. */
function applyCsq(attributes: PositionAttributes, csq: number): void {
  attributes.gsmLevel = csq
  if (csq <= 31) attributes.rssi = Math.round((csq * 5) / 31)
}

/** 0x13 status / heartbeat. */
export function readStatusContent(
  data: Buffer,
  start: number,
  end: number,
  variant: Gt06Variant
): PositionAttributes {
  const attributes: PositionAttributes = {}
  if (variant !== 'obd6') {
    readStandardStatus(data, start, end, attributes)
    return attributes
  }
  need(end, start, 9)
  applyTerminalInfo(attributes, data[start])
  const signal = data.readUInt16BE(start + 1)
  attributes.satellites = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f)
  applyCsq(attributes, signal & 0x1f)
  applyAlarm(attributes, data[start + 3])
  attributes.batteryLevel = data[start + 5]
  attributes.power = data.readUInt16BE(start + 7) / 100
  return attributes
}

/** 0x23 heartbeat (GK310): terminal info (bits 0-2 only) [| battery u16 0.01 V [| GSM]]. */
export function readHeartbeatContent(data: Buffer, start: number, end: number): PositionAttributes {
  need(end, start, 1)
  const info = data[start]
  const attributes: PositionAttributes = {
    armed: (info & 0x01) !== 0,
    ignition: (info & 0x02) !== 0,
    charging: (info & 0x04) !== 0,
  }
  if (end - start >= 3) attributes.battery = data.readUInt16BE(start + 1) / 100
  if (end - start >= 4) {
    const level = data[start + 3]
    attributes.gsmLevel = level
    if (level <= 4) attributes.rssi = Math.round((level * 5) / 4)
  }
  return attributes
}

type InfoReader = (attributes: PositionAttributes, data: Buffer, start: number, end: number) => void

function externalVoltage(attributes: PositionAttributes, data: Buffer, start: number, end: number) {
  need(end, start, 2)
  attributes.power = data.readUInt16BE(start) / 100
}

/**
 * 0x94 information sub-types. 0x00 is the external voltage in Concox's documentation; 0x0B with
 * a 2-byte payload is decoded the same way because Traccar's test suite asserts it (power 7.39).
 */
export const GT06_INFO_SUBTYPES: ReadonlyMap<number, InfoReader> = new Map<number, InfoReader>([
  [0x00, externalVoltage],
  [
    0x05,
    (attributes, data, start, end) => {
      need(end, start, 1)
      attributes.door = (data[end - 1] & 0x01) !== 0
    },
  ],
  [
    0x0a,
    (attributes, data, start, end) => {
      need(end, start, 26)
      attributes.iccid = trimBcdFiller(data.toString('hex', start + 16, start + 26))
    },
  ],
  [0x0b, externalVoltage],
])

function trimBcdFiller(digits: string): string {
  let end = digits.length
  while (end > 0 && digits.charCodeAt(end - 1) === 0x66) end--
  return digits.slice(0, end)
}

/** 0x94 information: sub-type u8 | payload (a bare 2-byte voltage in the old 0x7878 form). */
export function readInfoContent(
  data: Buffer,
  start: number,
  end: number,
  extended: boolean
): PositionAttributes {
  const attributes: PositionAttributes = {}
  if (!extended && end - start === 2) {
    externalVoltage(attributes, data, start, end)
    return attributes
  }
  need(end, start, 1)
  const subType = data[start]
  const reader = GT06_INFO_SUBTYPES.get(subType)
  if (reader) {
    reader(attributes, data, start + 1, end)
  } else {
    attributes.infoType = subType
    attributes.info = data.toString('hex', start + 1, end)
  }
  return attributes
}

export interface CommandText {
  text: string
  attributes: PositionAttributes
}

function withIccid(text: string): CommandText {
  const attributes: PositionAttributes = {}
  if (text.startsWith('<ICCID:')) {
    const close = text.indexOf('>', 7)
    attributes.iccid = text.slice(7, close < 0 ? undefined : close)
  }
  return { text, attributes }
}

/** 0x15: command length u8 (server flag + text) | server flag u32 | ASCII text [| language]. */
export function readStringContent(data: Buffer, start: number, end: number): CommandText {
  need(end, start, 1)
  const commandLength = data[start]
  if (commandLength < 4) return { text: '', attributes: {} }
  need(end, start + 1, commandLength)
  return withIccid(data.toString('latin1', start + 5, start + 1 + commandLength))
}

/** 0x21 (0x7979): server flag u32 | encoding u8 (1 ASCII, 2 UTF-16BE) | text. */
export function readStringInfoContent(data: Buffer, start: number, end: number): CommandText {
  need(end, start, 5)
  const encoding = data[start + 4]
  const textStart = start + 5
  if (encoding === 1) return withIccid(data.toString('latin1', textStart, end))
  const utf16 = Buffer.from(data.subarray(textStart, textStart + ((end - textStart) & ~1)))
  return withIccid(utf16.swap16().toString('utf16le'))
}
