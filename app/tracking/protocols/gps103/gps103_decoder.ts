import { KNOTS_TO_KMH, type Position, type PositionAttributes } from '../../position.js'
import type { DeviceReport } from '../device_report.js'

/** What a GPS103 (Coban TK103) frame asks of the session: a report, a login or a heartbeat. */
export type Gps103Result =
  | DeviceReport
  /** `##,imei:<IMEI>,A`: answered LOAD once the device is known. */
  | { kind: 'login'; imei: string; reply: string }
  /** `<IMEI>`: answered ON. */
  | { kind: 'heartbeat'; imei: string; reply: string }

export interface Gps103DecodeContext {
  now: Date
}

/** The device's alarm words, by the name positions keep them under (`deviceAlarm`). */
const ALARMS: Record<string, string> = {
  'help me': 'sos',
  'low battery': 'lowBattery',
  'stockade': 'geofence',
  'move': 'movement',
  'speed': 'overspeed',
  'door alarm': 'door',
  'ac alarm': 'powerCut',
  'accident alarm': 'accident',
  'sensor alarm': 'vibration',
  'bonnet alarm': 'bonnet',
  'footbrake alarm': 'footBrake',
  'DTC': 'fault',
}

function alarmOf(word: string): string | undefined {
  if (word.startsWith('T:')) return 'temperature'
  if (word.startsWith('oil')) return 'fuelLeak'
  return ALARMS[word]
}

/**
 * `imei:<IMEI>,<alarm>,<local yymmddhhmm[ss]>,<rfid>,` then either `L,,,<lac>,,<cid>` (no
 * fix) or `F,<utc hhmmss.sss>,<A|V>,<lat>,<N|S>,<lon>,<E|W>,<speed knots>,<course>,<altitude>,
 * <ignition>,<door>,<fuel1 %>,<fuel2 %>,<temperature>` with fields from the speed on optional.
 */
const REGULAR = new RegExp(
  String.raw`^imei:(\d+),([^,]+),(?:(\d\d)\/?(\d\d)\/?(\d\d) ?(\d\d):?(\d\d)(?:\d\d)?|\d*),([^,]+)?,` +
    String.raw`(?:L,(?:,,([0-9A-Fa-f]+),,([0-9A-Fa-f]+))?` +
    String.raw`|F,(?:(\d\d)(\d\d)(\d\d)(?:\.\d+)?|(?:\d{1,5}\.\d+)?),([AV]),(?:([NS]),)?(\d+)(\d\d\.\d+),(?:([NS]),)?` +
    String.raw`(?:([EW]),)?(\d+)(\d\d\.\d+),(?:([EW])?,)?(\d+\.?\d*)?(?:,(\d+\.?\d*)?)?(?:,(-?\d+\.?\d*)?)?` +
    String.raw`(?:,([01])?)?(?:,([01])?)?(?:,(?:(\d+\.\d+)%)?,(?:(\d+\.\d+)%|\d+)?)?(?:,([-+]?\d+)?)?)`
)

/** `imei:<IMEI>,OBD,<yymmddhhmmss>,<odometer>,<fuel instant>,<fuel average>,<hours>,<speed>,...` */
const OBD = new RegExp(
  String.raw`^imei:(\d+),OBD,(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d),(\d+)?,(\d+\.\d+)?,(\d+\.\d+)?,(\d+)?,(\d+),` +
    String.raw`(\d+\.?\d*)%,(?:([-+]?\d+)|[-+]?),(\d+\.?\d*)%,(\d+),(\d+\.\d+),([^;]*)`
)

/** Models with their own layout: name, event, sensor id and voltage, then time, date, a decimal fix. */
const ALTERNATIVE = new RegExp(
  String.raw`^imei:(\d+),[^,]+,(?:-+|(.+)),(?:-+|(.+)),(?:-+|(.+)),(\d\d)(\d\d)(\d\d),(\d\d)(\d\d)(\d\d),(\d+),(\d),` +
    String.raw`(-?\d+\.\d+),(-?\d+\.\d+),(\d+),(\d+),(-?\d+),(\d+\.\d+),(\d+),([01]),([01]),`
)

function utcDate(year: number, month: number, day: number): Date | null {
  const date = new Date(Date.UTC(2000 + year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null
}

function minutesAfter(date: Date, minutes: number, seconds = 0) {
  return new Date(date.getTime() + (minutes * 60 + seconds) * 1000)
}

function hemisphere(value: number, ...letters: (string | undefined)[]) {
  return letters.includes('S') || letters.includes('W') ? -value : value
}

function decodeRegular(sentence: string, context: Gps103DecodeContext): Gps103Result | null {
  const m = REGULAR.exec(sentence)
  if (!m) return null
  const imei = m[1]
  const word = m[2]
  const attributes: PositionAttributes = {}
  const alarm = alarmOf(word)
  if (alarm) attributes.deviceAlarm = alarm
  else if (word === 'acc on') attributes.ignition = true
  else if (word === 'acc off') attributes.ignition = false
  else if (word !== 'tracker') attributes.deviceEvent = word
  if (word.startsWith('T:')) attributes.temperatures = { temp1: Number(word.slice(2)) }
  if (word.startsWith('oil ')) attributes.fuelLevel = Number(word.slice(4))
  if (word === 'rfid' && m[8]) attributes.driverUniqueId = m[8]
  const reply = word === 'help me' ? `**,imei:${imei},E;` : null

  if (m[11] === undefined && m[14] === undefined) {
    // A cell-only report (L): no fix.
    if (m[9] !== undefined) {
      attributes.lac = Number.parseInt(m[9], 16)
      attributes.cellId = Number.parseInt(m[10]!, 16)
    }
    return { kind: 'status', imei, fixTime: context.now, attributes, reply }
  }

  let fixTime = context.now
  if (m[3] !== undefined) {
    const day = utcDate(Number(m[3]), Number(m[4]), Number(m[5]))
    const localHours = Number(m[6])
    const localMinutes = Number(m[7])
    if (!day || localHours > 23 || localMinutes > 59) {
      return { kind: 'invalid', reason: 'impossible date or time' }
    }
    if (m[11] !== undefined) {
      // The local clock gives the date, the GPS time (UTC) the zone: their difference,
      // taken within half a day, is the device's offset from UTC.
      let offset = (localHours - Number(m[11])) * 60 + (localMinutes - Number(m[12]))
      if (offset <= -12 * 60) offset += 24 * 60
      else if (offset > 12 * 60) offset -= 24 * 60
      fixTime = minutesAfter(day, localHours * 60 + localMinutes - offset, Number(m[13]))
    } else {
      fixTime = minutesAfter(day, localHours * 60 + localMinutes)
    }
  }

  const latitude = hemisphere(Number(m[16]) + Number(m[17]) / 60, m[15], m[18])
  const longitude = hemisphere(Number(m[20]) + Number(m[21]) / 60, m[19], m[22])
  if (m[26] !== undefined) attributes.ignition = m[26] === '1'
  if (m[27] !== undefined) attributes.door = m[27] === '1'
  if (m[28] !== undefined) attributes.fuelLevel = Number(m[28])
  if (m[29] !== undefined) attributes.fuelLevel2 = Number(m[29])
  if (m[30] !== undefined) attributes.temperatures = { temp1: Number(m[30]) }

  const position: Position = {
    imei,
    fixTime,
    latitude,
    longitude,
    speed: Number(m[23] ?? 0) * KNOTS_TO_KMH,
    course: Number(m[24] ?? 0),
    altitude: Number(m[25] ?? 0),
    satellites: 0,
    valid: m[14] === 'A',
    attributes,
  }
  return { kind: 'position', imei, position, reply }
}

function decodeObd(sentence: string): Gps103Result | null {
  const m = OBD.exec(sentence)
  if (!m) return null
  const day = utcDate(Number(m[2]), Number(m[3]), Number(m[4]))
  if (!day) return { kind: 'invalid', reason: 'impossible date' }
  const fixTime = minutesAfter(day, Number(m[5]) * 60 + Number(m[6]), Number(m[7]))
  const attributes: PositionAttributes = {
    obdSpeed: Number(m[12]),
    engineLoad: Number(m[13]),
    throttle: Number(m[15]),
    rpm: Number(m[16]),
    battery: Number(m[17]),
  }
  if (m[8] !== undefined) attributes.obdOdometer = Number(m[8])
  if (m[10] !== undefined) attributes.fuelConsumption = Number(m[10])
  if (m[11] !== undefined) attributes.engineHours = Number(m[11])
  if (m[14] !== undefined) attributes.coolantTemperature = Number(m[14])
  const dtcs = m[18].replaceAll(',', ' ').trim()
  if (dtcs) attributes.dtcs = dtcs
  return { kind: 'status', imei: m[1], fixTime, attributes, reply: null }
}

function decodeAlternative(sentence: string): Gps103Result | null {
  const m = ALTERNATIVE.exec(sentence)
  if (!m) return null
  const day = utcDate(Number(m[10]), Number(m[9]), Number(m[8]))
  if (!day) return { kind: 'invalid', reason: 'impossible date' }
  const attributes: PositionAttributes = {
    gsmLevel: Number(m[11]),
    hdop: Number(m[18]),
    ignition: m[20] === '1',
    charging: m[21] === '1',
  }
  if (m[2] !== undefined) attributes.deviceEvent = m[2]
  const position: Position = {
    imei: m[1],
    fixTime: minutesAfter(day, Number(m[5]) * 60 + Number(m[6]), Number(m[7])),
    latitude: Number(m[13]),
    longitude: Number(m[14]),
    speed: Number(m[15]),
    course: Number(m[16]),
    altitude: Number(m[17]),
    satellites: Number(m[19]),
    valid: Number(m[12]) > 0,
    attributes,
  }
  return { kind: 'position', imei: m[1], position, reply: null }
}

/**
 * Decodes one frame from the GPS103 splitter (delimiter removed). Pure: replies are returned.
 * Photo transfers (`vr` packets after a `vtNN` announcement) are acknowledged by nothing and
 * not stored.
 */
export function decodeGps103Frame(frame: Buffer, context: Gps103DecodeContext): Gps103Result {
  const sentence = frame.toString('latin1').trim()
  if (sentence.length === 0) return { kind: 'invalid', reason: 'empty frame' }

  const loginImei = /imei:(\d+),/.exec(sentence)?.[1]
  if (sentence.startsWith('##') || (loginImei && sentence.length <= 30)) {
    if (!loginImei) return { kind: 'invalid', reason: 'login without an IMEI' }
    return { kind: 'login', imei: loginImei, reply: 'LOAD' }
  }
  if (/^\d{6,20}$/.test(sentence)) return { kind: 'heartbeat', imei: sentence, reply: 'ON' }

  const start = sentence.indexOf('imei:')
  if (start < 0) return { kind: 'invalid', reason: 'frame without an IMEI' }
  const body = sentence.slice(start)
  const imei = /^imei:(\d+)/.exec(body)?.[1]
  if (!imei) return { kind: 'invalid', reason: 'frame without an IMEI' }
  if (body.startsWith(`imei:${imei},vr,`)) return { kind: 'none', imei, reply: null }

  const decoded = body.startsWith(`imei:${imei},OBD,`)
    ? decodeObd(body)
    : (decodeRegular(body, context) ?? decodeAlternative(body))
  return decoded ?? { kind: 'invalid', reason: 'unknown GPS103 frame' }
}
