import { KNOTS_TO_KMH, type Position, type PositionAttributes } from '../../position.js'
import type { DeviceReport } from '../device_report.js'
import { h02DateTimeReply } from './h02_encoder.js'

export type H02Result = DeviceReport

export interface H02DecodeContext {
  /** Server clock: replies carry it, and frames without a date are stamped with it. */
  now: Date
}

/**
 * The status word (32 bits, active low): bit 0 vibration, bits 1 and 18 SOS, bit 2 overspeed,
 * bit 19 power cut; bit 10 set is ignition on. The raw word is kept as `status`.
 */
export function h02StatusAttributes(status: number): PositionAttributes {
  const cleared = (bit: number) => ((status >>> bit) & 1) === 0
  const attributes: PositionAttributes = {
    status,
    ignition: !cleared(10),
    vibrationAlarm: cleared(0),
    sosAlarm: cleared(1) || cleared(18),
    overspeedAlarm: cleared(2),
    powerCut: cleared(19),
  }
  return attributes
}

/** Battery byte of binary frames: 1..3 and 4..6 are levels, 7..100 a percentage, F1..F6 1..6 %. */
function batteryLevel(value: number): number | undefined {
  if (value === 0) return undefined
  if (value <= 3) return (value - 1) * 10
  if (value <= 6) return (value - 1) * 20
  if (value <= 100) return value
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0
  return undefined
}

function utc(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0) {
  const midnight = new Date(Date.UTC(2000 + year, month - 1, day))
  const realDay = midnight.getUTCMonth() === month - 1 && midnight.getUTCDate() === day
  // Some firmwares count seconds past 59 (a frame stamped 16:01:69); they roll over.
  if (!realDay || hours > 23 || minutes > 59 || seconds > 99) return null
  return new Date(midnight.getTime() + ((hours * 60 + minutes) * 60 + seconds) * 1000)
}

// ----- text frames -------------------------------------------------------------------------

const LATITUDE = String.raw`(?:-(\d+)-(\d+\.\d+),([NS])|(\d*)(\d\d\.\d+),([NS])|(\d+)(\d\d)(\d{4}),([NS]))`
const LONGITUDE = String.raw`(?:-(\d+)-(\d+\.\d+),([EW])|(\d*)(\d\d\.\d+),([EW])|(\d+)(\d\d)(\d{4}),([EW]))`

/**
 * Location reports (V1, V4 command replies, V19, VI1, ...). Fields: manufacturer, id,
 * type (or V4 + the command answered), time hhmmss, validity (A/V/B, or a coding scheme
 * number on some models), latitude and longitude in one of three notations, speed (knots),
 * course, an optional battery field (taken only when a date follows it), date ddmmyy, optional SIM information, the status word,
 * then either odometer, temperature, fuel, altitude, LAC and CID, or free data fields.
 */
const LOCATION = new RegExp(
  String.raw`^\*..,(\d+)?,(?:V4,(.*),|(V[^,]*),)(?:(\d\d)(\d\d)(\d\d))?,(?:([ABV])?|(\d+)),` +
    LATITUDE +
    ',' +
    LONGITUDE +
    String.raw`, *(\d+\.?\d*),(\d+\.?\d*)?,(?:\d+,)??(?:(\d\d)(\d\d)(\d\d))?` +
    String.raw`(?:,[^,]*,[^,]*,[^,]*)?` +
    String.raw`(?:,([0-9A-Fa-f]{8})(?:,(\d+),(-?\d+),(\d+\.\d+),(-?\d+),([0-9A-Fa-f]+),([0-9A-Fa-f]+)|,(.*))?)?#$`
)

const LBS =
  /^\*..,(\d+),NBR,(\d\d)(\d\d)(\d\d),(\d+),(\d+),\d+,\d+,((?:\d+,\d+,-?\d+,)+)(\d\d)(\d\d)(\d\d),([0-9A-Fa-f]{8})/
const LINK =
  /^\*..,(\d+),LINK,(\d\d)(\d\d)(\d\d),(\d+),(\d+),(\d+),(\d+),(\d+),(\d\d)(\d\d)(\d\d),([0-9A-Fa-f]{8})/
const CELLS_V3 =
  /^\*..,(\d+),V3,(\d\d)(\d\d)(\d\d),(\d{3})(\d+),(\d+),(.*),([0-9A-Fa-f]{4}),\d+,X,(\d\d)(\d\d)(\d\d),([0-9A-Fa-f]{8})/
const HEARTBEAT = /^\*HQ,(\d{15}),HTBT,(\d+)/

function ioAttributes(data: string): Record<string, string> {
  const io: Record<string, string> = {}
  data.split(',').forEach((value, index) => (io[String(index + 1)] = value.trim()))
  return io
}

function decodeLocation(sentence: string, context: H02DecodeContext): H02Result {
  const match = LOCATION.exec(sentence)
  if (!match) return { kind: 'none', imei: sentence.split(',')[1] ?? '', reply: null }
  const g = match as unknown as (string | undefined)[]
  const imei = g[1] ?? ''
  const commandResult = g[2]
  const type = g[3]
  const [hh, mm, ss] = [g[4], g[5], g[6]]
  const validity = g[7]
  const codingScheme = g[8]
  // Latitude: groups 9..18 (three notations, the third with four fields); longitude 19..28.
  const latitude = coordinateOf(g, 9)
  const longitude = coordinateOf(g, 19)
  const speedKnots = Number(g[29])
  const course = g[30] === undefined ? 0 : Number(g[30])
  const [dd, mo, yy] = [g[31], g[32], g[33]]
  const status = g[34]
  if (latitude === null || longitude === null) {
    return { kind: 'invalid', reason: 'location without coordinates' }
  }

  let fixTime = context.now
  if (dd !== undefined) {
    const stamped = utc(
      Number(yy),
      Number(mo),
      Number(dd),
      Number(hh ?? 0),
      Number(mm ?? 0),
      Number(ss ?? 0)
    )
    if (!stamped) return { kind: 'invalid', reason: 'impossible date or time' }
    fixTime = stamped
  }

  const attributes: PositionAttributes = status
    ? h02StatusAttributes(Number.parseInt(status, 16))
    : {}
  if (commandResult !== undefined) attributes.result = commandResult
  let altitude = 0
  if (g[35] !== undefined) {
    attributes.odometer = Number(g[35])
    attributes.temperatures = { temp1: Number(g[36]) }
    attributes.fuelLevel = Number(g[37])
    altitude = Number(g[38])
    attributes.lac = Number.parseInt(g[39]!, 16)
    attributes.cellId = Number.parseInt(g[40]!, 16)
  } else if (g[41] !== undefined) {
    attributes.io = ioAttributes(g[41])
  }

  const position: Position = {
    imei,
    fixTime,
    latitude,
    longitude,
    speed: speedKnots * KNOTS_TO_KMH,
    course,
    altitude,
    satellites: 0,
    valid: codingScheme !== undefined || validity === 'A',
    attributes,
  }
  const reply = type === 'V1' ? h02DateTimeReply(imei, 'V1', context.now) : null
  return { kind: 'position', imei, position, reply }
}

function coordinateOf(groups: (string | undefined)[], first: number): number | null {
  // The three notations hold 3, 3 and 4 groups.
  const forms: [number, number][] = [
    [first, 3],
    [first + 3, 3],
    [first + 6, 4],
  ]
  for (const [start, size] of forms) {
    const degrees = groups[start]
    if (degrees === undefined) continue
    const minutes =
      size === 3
        ? Number(groups[start + 1])
        : Number(groups[start + 1]) + Number(groups[start + 2]) / 10_000
    const hemisphere = groups[start + size - 1]
    const value = Number(degrees) + minutes / 60
    return hemisphere === 'S' || hemisphere === 'W' ? -value : value
  }
  return null
}

function statusResult(
  imei: string,
  date: (string | undefined)[],
  time: (string | undefined)[],
  attributes: PositionAttributes,
  reply: string | null
): H02Result {
  const fixTime = utc(
    Number(date[2]),
    Number(date[1]),
    Number(date[0]),
    Number(time[0]),
    Number(time[1]),
    Number(time[2])
  )
  if (!fixTime) return { kind: 'invalid', reason: 'impossible date or time' }
  return { kind: 'status', imei, fixTime, attributes, reply }
}

function decodeText(sentence: string, context: H02DecodeContext): H02Result {
  const fields = sentence.split(',')
  if (fields.length < 3) return { kind: 'invalid', reason: 'text frame without a type' }
  const imei = fields[1]
  const type = fields[2].replace(/#$/, '')
  if (!/^\d{1,20}$/.test(imei)) return { kind: 'invalid', reason: 'text frame without a device id' }

  switch (type) {
    case 'V0':
    case 'HTBT': {
      const reply = `${fields.slice(0, 3).join(',').replace(/#$/, '')}#`
      const heartbeat = HEARTBEAT.exec(sentence)
      if (!heartbeat) return { kind: 'none', imei, reply }
      return {
        kind: 'status',
        imei,
        fixTime: context.now,
        attributes: { batteryLevel: Number(heartbeat[2]) },
        reply,
      }
    }
    case 'NBR': {
      const m = LBS.exec(sentence)
      if (!m) return { kind: 'invalid', reason: 'malformed NBR frame' }
      const cells = m[7].split(',')
      const attributes: PositionAttributes = {
        ...h02StatusAttributes(Number.parseInt(m[11], 16)),
        mcc: Number(m[5]),
        mnc: Number(m[6]),
        lac: Number(cells[0]),
        cellId: Number(cells[1]),
      }
      const reply = h02DateTimeReply(imei, 'NBR', context.now)
      return statusResult(imei, [m[8], m[9], m[10]], [m[2], m[3], m[4]], attributes, reply)
    }
    case 'LINK': {
      const m = LINK.exec(sentence)
      if (!m) return { kind: 'invalid', reason: 'malformed LINK frame' }
      const attributes: PositionAttributes = {
        ...h02StatusAttributes(Number.parseInt(m[13], 16)),
        gsmLevel: Number(m[5]),
        satellitesInView: Number(m[6]),
        batteryLevel: Number(m[7]),
        steps: Number(m[8]),
      }
      return statusResult(imei, [m[10], m[11], m[12]], [m[2], m[3], m[4]], attributes, null)
    }
    case 'V3': {
      const m = CELLS_V3.exec(sentence)
      if (!m) return { kind: 'invalid', reason: 'malformed V3 frame' }
      const cells = m[8].split(',')
      const attributes: PositionAttributes = {
        ...h02StatusAttributes(Number.parseInt(m[13], 16)),
        mcc: Number(m[5]),
        mnc: Number(m[6]),
        lac: Number(cells[0]),
        cellId: Number(cells[1]),
      }
      return statusResult(imei, [m[10], m[11], m[12]], [m[2], m[3], m[4]], attributes, null)
    }
    default:
      return decodeLocation(sentence, context)
  }
}

// ----- binary frames -----------------------------------------------------------------------

/** Reads `digits` BCD digits from `data` starting at nibble `nibble`; null on a non-decimal nibble. */
function bcd(data: Buffer, nibble: number, digits: number): number | null {
  let value = 0
  for (let index = nibble; index < nibble + digits; index++) {
    const byte = data[index >> 1]
    const digit = index % 2 === 0 ? byte >> 4 : byte & 0x0f
    if (digit > 9) return null
    value = value * 10 + digit
  }
  return value
}

function decodeBinary(frame: Buffer): H02Result {
  if (frame.length < 32) return { kind: 'invalid', reason: 'short binary frame' }
  const longId = frame.length === 42
  const imei = longId
    ? frame.subarray(1, 9).toString('hex').slice(0, 15)
    : frame.subarray(1, 6).toString('hex')
  // Nibble offsets from here on (two per byte).
  let n = (longId ? 9 : 6) * 2
  const read = (digits: number) => {
    const value = bcd(frame, n, digits)
    n += digits
    return value
  }
  const hours = read(2)
  const minutes = read(2)
  const seconds = read(2)
  const day = read(2)
  const month = read(2)
  const year = read(2)
  const latDegrees = read(2)
  const latMinutes = read(6)
  const battery = frame[n >> 1]
  n += 2
  const lonDegrees = read(3)
  const lonMinutes = read(6)
  const flags = frame[n >> 1] & 0x0f
  n += 1
  const speed = read(3)
  const courseHundreds = frame[n >> 1] & 0x0f
  n += 1
  const courseRest = read(2)
  const values = [hours, minutes, seconds, day, month, year, latDegrees, latMinutes]
  const more = [lonDegrees, lonMinutes, speed, courseRest]
  if ([...values, ...more].some((value) => value === null)) {
    return { kind: 'invalid', reason: 'binary frame with a non-decimal digit' }
  }
  const fixTime = utc(year!, month!, day!, hours!, minutes!, seconds!)
  if (!fixTime) return { kind: 'invalid', reason: 'impossible date or time' }
  const status = frame.readUInt32BE(n >> 1)

  let latitude = latDegrees! + latMinutes! / 10_000 / 60
  let longitude = lonDegrees! + lonMinutes! / 10_000 / 60
  if ((flags & 0x04) === 0) latitude = -latitude
  if ((flags & 0x08) === 0) longitude = -longitude

  const attributes = h02StatusAttributes(status)
  const level = batteryLevel(battery)
  if (level !== undefined) attributes.batteryLevel = level

  const position: Position = {
    imei,
    fixTime,
    latitude,
    longitude,
    speed: speed! * KNOTS_TO_KMH,
    course: courseHundreds * 100 + courseRest!,
    altitude: 0,
    satellites: 0,
    valid: (flags & 0x02) !== 0,
    attributes,
  }
  return { kind: 'position', imei, position, reply: null }
}

/** Decodes one frame from H02FrameDecoder. Pure: replies are returned, never sent. */
export function decodeH02Frame(frame: Buffer, context: H02DecodeContext): H02Result {
  if (frame[0] === 0x24) return decodeBinary(frame)
  if (frame[0] !== 0x2a) return { kind: 'invalid', reason: 'unknown frame marker' }
  const sentence = frame.toString('latin1').trim()
  if (!sentence.endsWith('#')) return { kind: 'invalid', reason: 'text frame without end' }
  return decodeText(sentence, context)
}
