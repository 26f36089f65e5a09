import type { PositionAttributes } from '../../position.js'

/** Thrown when a field would be read past the content; the frame is reported unsupported. */
export class ContentError extends Error {}

export function need(end: number, offset: number, bytes: number): void {
  if (offset + bytes > end) throw new ContentError('content too short')
}

/** Date-time 6 + GPS info 1 + latitude 4 + longitude 4 + speed 1 + course/status 2. */
export const GPS_BLOCK_LENGTH = 18

const COORDINATE_DIVISOR = 1_800_000

export interface GpsFix {
  fixTime: Date
  latitude: number
  longitude: number
  speed: number
  course: number
  satellites: number
  valid: boolean
  /** From course/status bits 14 (ACC reported) and 15 (ACC on). */
  ignition?: boolean
}

/** YY MM DD hh mm ss, device time (UTC unless the device says otherwise); null when impossible. */
export function readDateTime(data: Buffer, offset: number, offsetMinutes = 0): Date | null {
  const month = data[offset + 1]
  const day = data[offset + 2]
  const hour = data[offset + 3]
  const minute = data[offset + 4]
  const second = data[offset + 5]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return null
  }
  const utc = Date.UTC(2000 + data[offset], month - 1, day, hour, minute, second)
  return new Date(utc - offsetMinutes * 60_000)
}

export function readGpsBlock(data: Buffer, offset: number, offsetMinutes = 0): GpsFix | null {
  const fixTime = readDateTime(data, offset, offsetMinutes)
  if (!fixTime) return null
  const flags = data.readUInt16BE(offset + 16)
  let latitude = data.readUInt32BE(offset + 7) / COORDINATE_DIVISOR
  let longitude = data.readUInt32BE(offset + 11) / COORDINATE_DIVISOR
  if (!(flags & 0x0400)) latitude = -latitude
  if (flags & 0x0800) longitude = -longitude
  const fix: GpsFix = {
    fixTime,
    latitude,
    longitude,
    speed: data[offset + 15],
    course: flags & 0x03ff,
    satellites: data[offset + 6] & 0x0f,
    valid:
      (flags & 0x1000) !== 0 && latitude <= 90 && latitude >= -90 && Math.abs(longitude) <= 180,
  }
  if (flags & 0x4000) fix.ignition = (flags & 0x8000) !== 0
  return fix
}

export interface LbsLayout {
  /** MNC is 2 bytes regardless of the MCC flag (0x11 packets). */
  wideMnc?: boolean
  cellIdSize: 3 | 4
}

/**
 * MCC u16 (bit 15 set: MNC is u16) | MNC u8 | LAC u16 | cell id u24 (u32 in some layouts).
 * Writes mcc/mnc/lac/cellId attributes (unless the block is all zero) and returns its length.
 */
export function readLbs(
  data: Buffer,
  offset: number,
  attributes: PositionAttributes,
  layout: LbsLayout
): number {
  const mccWord = data.readUInt16BE(offset)
  const wideMnc = layout.wideMnc || (mccWord & 0x8000) !== 0
  let cursor = offset + 2
  const mnc = wideMnc ? data.readUInt16BE(cursor) : data[cursor]
  cursor += wideMnc ? 2 : 1
  const lac = data.readUInt16BE(cursor)
  cursor += 2
  const cellId = layout.cellIdSize === 4 ? data.readUInt32BE(cursor) : data.readUIntBE(cursor, 3)
  cursor += layout.cellIdSize
  const mcc = mccWord & 0x7fff
  if (mcc !== 0 || cellId !== 0) {
    attributes.mcc = mcc
    attributes.mnc = mnc
    attributes.lac = lac
    attributes.cellId = cellId
  }
  return cursor - offset
}

/** Length of the LBS block at `offset` (needs its first 2 bytes). */
export function lbsLength(data: Buffer, offset: number, layout: LbsLayout): number {
  const wideMnc = layout.wideMnc || (data.readUInt16BE(offset) & 0x8000) !== 0
  return 2 + (wideMnc ? 2 : 1) + 2 + layout.cellIdSize
}

/**
 * Terminal information byte: bit 0 armed, 1 ACC (ignition), 2 charging, 3-5 alarm
 * (1 vibration, 2 power cut, 3 low battery, 4 SOS), 6 GPS tracking on, 7 oil/electricity cut.
 */
export function applyTerminalInfo(attributes: PositionAttributes, info: number): void {
  attributes.terminalInfo = info
  attributes.armed = (info & 0x01) !== 0
  attributes.ignition = (info & 0x02) !== 0
  attributes.charging = (info & 0x04) !== 0
  attributes.gpsTracking = (info & 0x40) !== 0
  attributes.blocked = (info & 0x80) !== 0
  const statusAlarm = (info >> 3) & 0x07
  if (statusAlarm) attributes.statusAlarm = statusAlarm
}

/** Voltage level 0-6 (some models send a percentage instead). */
export function applyVoltageLevel(attributes: PositionAttributes, level: number): void {
  attributes.voltageLevel = level
  if (level <= 6) attributes.batteryLevel = Math.round((level * 100) / 6)
  else if (level <= 100) attributes.batteryLevel = level
}

/** GSM signal 0-4, normalized to rssi 0-5. */
export function applyGsmSignal(attributes: PositionAttributes, level: number): void {
  attributes.gsmLevel = level
  if (level <= 4) attributes.rssi = Math.round((level * 5) / 4)
}

export function applyAlarm(attributes: PositionAttributes, alarm: number): void {
  if (alarm) attributes.alarm = alarm
}
