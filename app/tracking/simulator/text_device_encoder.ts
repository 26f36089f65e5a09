import { KNOTS_TO_KMH } from '../position.js'
import type { DeviceFix } from './device_fix.js'
import { meitrackChecksum } from '../protocols/meitrack/meitrack_encoder.js'
import { crc16Kermit } from '../protocols/crc.js'

function pad(value: number, width: number) {
  return String(value).padStart(width, '0')
}

/** `DDMM.MMMM` (latitude, `degreeDigits` 2) or `DDDMM.MMMM` (longitude, 3), with its hemisphere. */
export function nmeaCoordinate(
  value: number,
  degreeDigits: 2 | 3,
  positive: string,
  negative: string
) {
  const absolute = Math.abs(value)
  let degrees = Math.floor(absolute)
  let minutes = Number(((absolute - degrees) * 60).toFixed(4))
  if (minutes >= 60) {
    degrees++
    minutes = 0
  }
  const text = `${pad(degrees, degreeDigits)}${minutes.toFixed(4).padStart(7, '0')}`
  return [text, value < 0 ? negative : positive] as const
}

/** `hhmmss` and `ddmmyy` of a time, in UTC. */
export function utcClock(time: Date) {
  const iso = time.toISOString()
  return {
    hhmmss: iso.slice(11, 19).replaceAll(':', ''),
    ddmmyy: `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`,
    yymmddhhmm: `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}`,
  }
}

function knots(fix: DeviceFix) {
  return (fix.speed / KNOTS_TO_KMH).toFixed(2)
}

/**
 * The H02 status word of a fix: all ones (nothing raised) but bit 10 cleared with the ignition
 * off, and bit 2 cleared on an overspeed record.
 */
export function h02StatusOf(fix: DeviceFix): string {
  let status = 0xffffffff
  if (!fix.ignition) status &= ~(1 << 10)
  if (fix.event?.kind === 'overspeed') status &= ~(1 << 2)
  return (status >>> 0).toString(16).toUpperCase().padStart(8, '0')
}

/** Time, validity, position, speed (knots), course, date and status: an H02 fix's fields. */
function h02FixFields(fix: DeviceFix, time: string) {
  const { ddmmyy } = utcClock(fix.time)
  return [time, 'A', ...coordinates(fix), knots(fix), fix.course, ddmmyy, h02StatusOf(fix)]
}

function coordinates(fix: DeviceFix) {
  return [
    ...nmeaCoordinate(fix.latitude, 2, 'N', 'S'),
    ...nmeaCoordinate(fix.longitude, 3, 'E', 'W'),
  ]
}

function h02Frame(fields: (string | number)[]) {
  return Buffer.from(`*HQ,${fields.join(',')}#`, 'latin1')
}

/** An H02 V1 location report, as Sinotrack devices send it. */
export function encodeH02Location(id: string, fix: DeviceFix): Buffer {
  return h02Frame([id, 'V1', ...h02FixFields(fix, utcClock(fix.time).hhmmss)])
}

/** The H02 heartbeat a device sends when it connects. */
export function encodeH02Heartbeat(id: string): Buffer {
  return h02Frame([id, 'V0'])
}

/** The device's answer to a command: V4, the command, DONE, its clock, then its position. */
export function encodeH02CommandReply(id: string, command: string, fix: DeviceFix): Buffer {
  const { hhmmss } = utcClock(fix.time)
  return h02Frame([id, 'V4', command, 'DONE', hhmmss, ...h02FixFields(fix, hhmmss)])
}

/** The GPS103 alarm word of a record: `speed`, `acc on` / `acc off`, else `tracker`. */
export function gps103WordOf(fix: DeviceFix): string {
  if (fix.event?.kind === 'overspeed') return 'speed'
  if (fix.event?.kind === 'ignition') return fix.ignition ? 'acc on' : 'acc off'
  return 'tracker'
}

/** A GPS103 report, the device clock set to UTC, with altitude and ignition. */
export function encodeGps103Location(imei: string, fix: DeviceFix): Buffer {
  const { hhmmss, yymmddhhmm } = utcClock(fix.time)
  const fields = [
    `imei:${imei}`,
    gps103WordOf(fix),
    yymmddhhmm,
    '',
    'F',
    `${hhmmss}.000`,
    'A',
    ...coordinates(fix),
    knots(fix),
    fix.course,
    fix.altitude,
    fix.ignition ? '1' : '0',
    '0',
  ]
  return Buffer.from(`${fields.join(',')};`, 'latin1')
}

export function encodeGps103Login(imei: string): Buffer {
  return Buffer.from(`##,imei:${imei},A;`, 'latin1')
}

/** Meitrack's event code of a record: 19 speeding, 2/10 input 2 (the ignition) on/off, else 35. */
export function meitrackEventOf(fix: DeviceFix): number {
  if (fix.event?.kind === 'overspeed') return 19
  if (fix.event?.kind === 'ignition') return fix.ignition ? 2 : 10
  return 35
}

/** A Meitrack AAA report with its length and checksum, voltages as decimals. */
export function encodeMeitrackReport(imei: string, fix: DeviceFix): Buffer {
  const iso = fix.time.toISOString()
  const stamp = iso.slice(2, 19).replace(/[-T:]/g, '')
  const { mcc, mnc, lac, cellId } = fix.cell
  const inputs = fix.ignition ? '02' : '00'
  const outputs = fix.relay ? '01' : '00'
  const body = [
    imei,
    'AAA',
    meitrackEventOf(fix),
    fix.latitude.toFixed(6),
    fix.longitude.toFixed(6),
    stamp,
    'A',
    fix.satellites,
    Math.min(31, fix.gsmLevel * 6),
    fix.speed,
    fix.course,
    '0.9',
    fix.altitude,
    fix.odometer,
    0,
    `${mcc}|${mnc}|${lac.toString(16).toUpperCase()}|${cellId.toString(16).toUpperCase()}`,
    `${inputs}${outputs}`,
    `${fix.battery.toFixed(2)}|${fix.power.toFixed(2)}|0.00|0.00|0.00`,
  ].join(',')
  const tail = `,${body},*`
  const length = tail.length + 4 // checksum and CRLF
  const head = `$$A${length}${tail}`
  return Buffer.from(`${head}${meitrackChecksum(head)}\r\n`, 'latin1')
}

/** A Ruptela records message (command 1) holding one record, with its length and CRC. */
export function encodeRuptelaRecord(imei: string, fix: DeviceFix): Buffer {
  const record = Buffer.alloc(25 + 9)
  record.writeUInt32BE(Math.floor(fix.time.getTime() / 1000), 0)
  record.writeInt32BE(Math.round(fix.longitude * 1e7), 6)
  record.writeInt32BE(Math.round(fix.latitude * 1e7), 10)
  record.writeUInt16BE(Math.max(0, fix.altitude) * 10, 14)
  record.writeUInt16BE(fix.course * 100, 16)
  record[18] = fix.satellites
  record.writeUInt16BE(fix.speed, 19)
  record[21] = 9 // HDOP 0.9
  record[22] = fix.event?.kind === 'ignition' ? 251 : 0
  // One 1-byte value (ignition, IO 251), one 4-byte value (odometer, IO 65), none else.
  record[23] = 1
  record[24] = 251
  record[25] = fix.ignition ? 1 : 0
  record[26] = 0
  record[27] = 1
  record[28] = 65
  record.writeUInt32BE(Math.round(fix.odometer), 29)
  record[33] = 0
  const payload = Buffer.concat([
    Buffer.from(BigInt(imei).toString(16).padStart(16, '0'), 'hex'),
    Buffer.from([1, 0, 1]),
    record,
  ])
  const frame = Buffer.alloc(payload.length + 4)
  frame.writeUInt16BE(payload.length, 0)
  payload.copy(frame, 2)
  frame.writeUInt16BE(crc16Kermit(frame, 2, frame.length - 2), frame.length - 2)
  return frame
}
