import { KNOTS_TO_KMH } from '../position.js'
import type { DeviceFix } from './device_fix.js'
import { meitrackChecksum } from '../protocols/meitrack/meitrack_encoder.js'

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
