import { crc16X25 } from '../protocols/crc.js'
import {
  MSG_COMMAND_0,
  MSG_GPS_LBS_2,
  MSG_GPS_LBS_STATUS_2,
  MSG_LOGIN,
  MSG_STATUS,
  MSG_STRING,
  START_SHORT,
} from '../protocols/gt06/gt06_constants.js'
import { encodeGt06Packet } from '../protocols/gt06/gt06_encoder.js'
import type { DeviceEvent, DeviceFix } from './device_fix.js'

/**
 * The device side of GT06/Concox over TCP: login (0x01), GPS+LBS location (0x22), heartbeat
 * with terminal information (0x13), alarm (0x26) and command reply (0x15) packets; and the
 * reading of the server's acks and 0x80 commands. Times are sent in UTC.
 */
const COORDINATE_FACTOR = 1_800_000
/** Concox "language" word: 0x02 English. */
const LANGUAGE_ENGLISH = 0x02
/** Login type identifier of a GT06N. */
const TYPE_IDENTIFIER = 0x3698

/** Alarm byte of an alarm packet for an event, or null when the event is not an alarm. */
export function gt06AlarmOf(event: DeviceEvent | undefined): number | null {
  if (event?.kind === 'harsh') return 0x18 + event.type
  if (event?.kind === 'overspeed') return 0x06
  return null
}

/** 0x01: IMEI as 8 BCD bytes | type identifier | time-zone word (UTC). */
export function encodeGt06Login(imei: string, serial: number): Buffer {
  if (!/^\d{1,16}$/.test(imei)) throw new RangeError('GT06 IMEI must be 1..16 digits')
  const content = Buffer.alloc(12)
  Buffer.from(imei.padStart(16, '0'), 'hex').copy(content, 0)
  content.writeUInt16BE(TYPE_IDENTIFIER, 8)
  content.writeUInt16BE(0x0000, 10)
  return encodeGt06Packet(MSG_LOGIN, content, serial)
}

/** Date-time | GPS info | latitude | longitude | speed | course/status. */
function writeGpsBlock(target: Buffer, offset: number, fix: DeviceFix): number {
  const time = fix.time
  target[offset] = time.getUTCFullYear() - 2000
  target[offset + 1] = time.getUTCMonth() + 1
  target[offset + 2] = time.getUTCDate()
  target[offset + 3] = time.getUTCHours()
  target[offset + 4] = time.getUTCMinutes()
  target[offset + 5] = time.getUTCSeconds()
  target[offset + 6] = 0xc0 | Math.min(15, fix.satellites)
  target.writeUInt32BE(Math.round(Math.abs(fix.latitude) * COORDINATE_FACTOR), offset + 7)
  target.writeUInt32BE(Math.round(Math.abs(fix.longitude) * COORDINATE_FACTOR), offset + 11)
  target[offset + 15] = Math.min(255, fix.speed)
  let status = (fix.course % 360) & 0x03ff
  if (fix.satellites > 0) status |= 0x1000
  if (fix.latitude >= 0) status |= 0x0400
  if (fix.longitude < 0) status |= 0x0800
  target.writeUInt16BE(status, offset + 16)
  return offset + 18
}

/** MCC u16 | MNC u8 | LAC u16 | cell id u24. */
function writeLbs(target: Buffer, offset: number, fix: DeviceFix): number {
  target.writeUInt16BE(fix.cell.mcc, offset)
  target[offset + 2] = fix.cell.mnc
  target.writeUInt16BE(fix.cell.lac, offset + 3)
  target.writeUIntBE(fix.cell.cellId & 0xffffff, offset + 5, 3)
  return offset + 8
}

/**
 * Terminal information: bit 1 ACC, bit 2 charging (on vehicle power), bit 6 GPS tracking,
 * bit 7 oil/electricity cut (the relay).
 */
export function terminalInfoOf(fix: Pick<DeviceFix, 'ignition' | 'relay'>): number {
  let info = 0x04 | 0x40
  if (fix.ignition) info |= 0x02
  if (fix.relay) info |= 0x80
  return info
}

/** Terminal info | voltage level 0-6 | GSM 0-4 | alarm | language. */
function writeStatus(target: Buffer, offset: number, fix: DeviceFix, alarm: number): number {
  target[offset] = terminalInfoOf(fix)
  target[offset + 1] = fix.ignition ? 6 : 5
  target[offset + 2] = Math.max(0, Math.min(4, fix.gsmLevel - 1))
  target[offset + 3] = alarm
  target[offset + 4] = LANGUAGE_ENGLISH
  return offset + 5
}

/** 0x22: GPS | LBS | ACC | upload mode | re-upload flag | mileage u32 (metres). */
export function encodeGt06Location(fix: DeviceFix, serial: number): Buffer {
  const content = Buffer.alloc(18 + 8 + 3 + 4)
  let offset = writeGpsBlock(content, 0, fix)
  offset = writeLbs(content, offset, fix)
  content[offset] = fix.ignition ? 1 : 0
  content[offset + 1] = 0x00
  content[offset + 2] = 0x00
  content.writeUInt32BE(fix.odometer >>> 0, offset + 3)
  return encodeGt06Packet(MSG_GPS_LBS_2, content, serial)
}

/** 0x13: terminal info | voltage level | GSM | alarm (none) | language. */
export function encodeGt06Heartbeat(fix: DeviceFix, serial: number): Buffer {
  const content = Buffer.alloc(5)
  writeStatus(content, 0, fix, 0)
  return encodeGt06Packet(MSG_STATUS, content, serial)
}

/** 0x26: GPS | LBS length (9) + LBS | terminal info | voltage | GSM | alarm | language. */
export function encodeGt06Alarm(fix: DeviceFix, alarm: number, serial: number): Buffer {
  const content = Buffer.alloc(18 + 1 + 8 + 5)
  let offset = writeGpsBlock(content, 0, fix)
  content[offset++] = 9
  offset = writeLbs(content, offset, fix)
  writeStatus(content, offset, fix, alarm)
  return encodeGt06Packet(MSG_GPS_LBS_STATUS_2, content, serial)
}

/** 0x15: length (flag + text) | server flag echoed | ASCII text | language. */
export function encodeGt06CommandReply(serverFlag: number, text: string, serial: number): Buffer {
  const body = Buffer.from(text.slice(0, 250), 'latin1')
  const content = Buffer.alloc(1 + 4 + body.length + 2)
  content[0] = 4 + body.length
  content.writeUInt32BE(serverFlag >>> 0, 1)
  body.copy(content, 5)
  content.writeUInt16BE(LANGUAGE_ENGLISH, 5 + body.length)
  return encodeGt06Packet(MSG_STRING, content, serial)
}

/** What the server sent a GT06 device: an ack (protocol + serial) or an online command. */
export type Gt06ServerMessage =
  | { kind: 'ack'; protocol: number; serial: number }
  | { kind: 'command'; serverFlag: number; text: string; serial: number }
  | { kind: 'invalid' }

/** Reads one whole server frame (78 78 .. 0D 0A) as the device does. */
export function decodeGt06ServerFrame(frame: Buffer): Gt06ServerMessage {
  if (frame.length < 10 || frame.readUInt16BE(0) !== START_SHORT) return { kind: 'invalid' }
  if (frame[2] + 5 !== frame.length) return { kind: 'invalid' }
  const crcOffset = frame.length - 4
  if (frame.readUInt16BE(crcOffset) !== crc16X25(frame, 2, crcOffset)) return { kind: 'invalid' }
  const protocol = frame[3]
  const serial = frame.readUInt16BE(crcOffset - 2)
  if (protocol !== MSG_COMMAND_0) return { kind: 'ack', protocol, serial }
  const length = frame[4]
  if (length < 4 || 5 + length > crcOffset - 2) return { kind: 'invalid' }
  return {
    kind: 'command',
    serverFlag: frame.readUInt32BE(5),
    text: frame.toString('latin1', 9, 5 + length),
    serial,
  }
}

/** A Concox-style answer: "Relay,1:OK" for Relay,1# and the like; engine cut for DYD/HFYD. */
export function gt06CommandAnswer(command: string): { text: string; relay?: boolean } {
  const text = command.trim().replace(/#$/, '')
  const relay = /^relay,([01])$/i.exec(text)
  if (relay) return { text: `Relay,${relay[1]}:OK`, relay: relay[1] === '1' }
  if (/^dyd,/i.test(text)) return { text: 'DYD=Success!', relay: true }
  if (/^hfyd,/i.test(text)) return { text: 'HFYD=Success!', relay: false }
  return { text: `${text.slice(0, 40)}:OK` }
}
