import type { Position, PositionAttributes } from '../../position.js'
import { gl200HeartbeatAck, gl200ReportAck } from './gl200_encoder.js'

/**
 * What a Queclink @Track frame asks of the session:
 * - positions: one or more fixes (a GTFRI may carry several), stored, then `ack` if SACK is on;
 * - status: a report without a fix (GTINF, GTVER, GTGSM, ...), stored at the last known place;
 * - heartbeat: `+ACK:GTHBD`, answered with `reply`;
 * - command_reply: `+ACK:GT<command>`, the device's acknowledgement of a server command;
 * - none: nothing to store (an old-format frame naming no device the protocol knows).
 */
export type Gl200Result =
  | { kind: 'invalid'; reason: string }
  | {
      kind: 'positions'
      imei: string
      model: string | null
      positions: Position[]
      reply: null
      ack: string
    }
  | {
      kind: 'status'
      imei: string
      model: string | null
      fixTime: Date
      attributes: PositionAttributes
      reply: null
      ack: string
    }
  | { kind: 'heartbeat'; imei: string; model: string | null; reply: string }
  | {
      kind: 'command_reply'
      imei: string
      model: string | null
      text: string
      fixTime: Date
      reply: null
    }
  | { kind: 'none'; imei: string; reply: null }

/** Models by the first byte of the protocol version (Queclink's table, as Traccar reads it). */
const MODELS: Record<string, string> = {
  '02': 'GL200',
  '04': 'GV200',
  '06': 'GV300',
  '08': 'GMT100',
  '09': 'GV50P',
  '0F': 'GV55',
  '10': 'GV55 LITE',
  '11': 'GL500',
  '1A': 'GL300',
  '1F': 'GV500',
  '21': 'GL200',
  '25': 'GV300',
  '27': 'GV300W',
  '28': 'GL300VC',
  '2C': 'GL300W',
  '2D': 'GV500VC',
  '2F': 'GV55',
  '30': 'GL300',
  '31': 'GV65',
  '35': 'GV200',
  '36': 'GV500',
  '3F': 'GMT100',
  '40': 'GL500',
  '41': 'GV75W',
  '44': 'GL530',
  '4F': 'GV56',
  '50': 'GV55W',
  '52': 'GL50',
  '55': 'GL50B',
  '6E': 'GV310LAU',
  '74': 'GV350CEU',
  'BD': 'CV200',
  'C2': 'GV600M',
  'C3': 'GL320M',
  'DE': 'GL500M',
  'DF': 'CV100LG',
  'F1': 'GV350M',
  'F8': 'GV800W',
  'FC': 'GV600W',
  '802004': 'GV58LAU',
  '802005': 'GV355CEU',
}

export function gl200ModelOf(version: string): string | null {
  return MODELS[version.length > 6 ? version.slice(0, 6) : version.slice(0, 2)] ?? null
}

/**
 * Report types the device sends on an event, and what positions keep of them (`deviceAlarm`,
 * Traccar's names). Ignition and inputs are kept as states (`ignition`, `inputs`).
 */
const ALARMS: Record<string, string> = {
  SOS: 'sos',
  SPD: 'overspeed',
  TOW: 'tow',
  IDL: 'idle',
  PNA: 'powerOn',
  PFA: 'powerOff',
  EPN: 'powerRestored',
  MPN: 'powerRestored',
  EPF: 'powerCut',
  MPF: 'powerCut',
  BPL: 'lowBattery',
  STT: 'movement',
  SWG: 'geofence',
  TMP: 'temperature',
  TEM: 'temperature',
  JDR: 'jamming',
  JDS: 'jamming',
}

const LONGITUDE = /^-?\d{1,3}\.\d{6}$/
const LATITUDE = /^-?\d{1,2}\.\d{6}$/
const TIMESTAMP = /^\d{14}$/
const NUMBER = /^-?\d+(?:\.\d+)?$/

function timeOf(text: string | undefined): Date | null {
  if (!text || !TIMESTAMP.test(text)) return null
  const [year, month, day, hours, minutes, seconds] = [0, 4, 6, 8, 10, 12].map((start, index) =>
    Number(text.slice(start, index === 0 ? 4 : start + 2))
  )
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hours < 24 ? date : null
}

function numberOf(text: string | undefined): number | undefined {
  return text !== undefined && NUMBER.test(text) ? Number(text) : undefined
}

function hexOf(text: string | undefined): number | undefined {
  return text !== undefined && /^[0-9A-Fa-f]{1,8}$/.test(text)
    ? Number.parseInt(text, 16)
    : undefined
}

/** `hhhhh:mm:ss` engine hours. */
function hoursOf(text: string): number {
  const [hours, minutes = '0', seconds = '0'] = text.split(':')
  return Number(hours) + Number(minutes) / 60 + Number(seconds) / 3600
}

interface Fix {
  /** Index of the longitude field. */
  at: number
  position: Omit<Position, 'imei'>
}

/**
 * Every location block of a report: `<accuracy>,<speed km/h>,<course>,<altitude>,<longitude>,
 * <latitude>,<UTC yyyyMMddHHmmss>,<mcc>,<mnc>,<lac hex>,<cell hex>`, found by its coordinates
 * (a GTFRI carries up to 15 of them; the fields before them vary by model and report).
 * Accuracy 0 is the last known fix, not a new one.
 */
function fixesOf(fields: string[]): Fix[] {
  const fixes: Fix[] = []
  for (let index = 4; index + 2 < fields.length; index++) {
    if (!LONGITUDE.test(fields[index]) || !LATITUDE.test(fields[index + 1])) continue
    const fixTime = timeOf(fields[index + 2])
    if (!fixTime) continue
    const accuracy = numberOf(fields[index - 4])
    const attributes: PositionAttributes = {}
    if (accuracy !== undefined) attributes.hdop = accuracy
    const mcc = numberOf(fields[index + 3])
    const mnc = numberOf(fields[index + 4])
    const lac = hexOf(fields[index + 5])
    const cellId = hexOf(fields[index + 6])
    if (mcc !== undefined && mnc !== undefined && lac !== undefined && cellId !== undefined) {
      Object.assign(attributes, { mcc, mnc, lac, cellId })
    }
    fixes.push({
      at: index,
      position: {
        fixTime,
        latitude: Number(fields[index + 1]),
        longitude: Number(fields[index]),
        speed: numberOf(fields[index - 3]) ?? 0,
        course: numberOf(fields[index - 2]) ?? 0,
        altitude: numberOf(fields[index - 1]) ?? 0,
        satellites: 0,
        valid: accuracy === undefined || accuracy > 0,
        attributes,
      },
    })
    index += 6
  }
  return fixes
}

/** Device status `<ignition/motion><inputs><outputs>` (3 hex bytes). */
function applyStatus(attributes: PositionAttributes, status: number) {
  const state = (status >> 16) & 0xff
  if (state & 0x10) attributes.ignition = false
  else if (state & 0x20) attributes.ignition = true
  const inputs = (status >> 8) & 0xff
  const outputs = status & 0xff
  attributes.inputs = { 1: (inputs & 0x02) !== 0, 2: (inputs & 0x04) !== 0 }
  attributes.outputs = { 1: (outputs & 0x01) !== 0, 2: (outputs & 0x02) !== 0 }
  attributes.in1 = attributes.inputs[1]
  attributes.in2 = attributes.inputs[2]
}

const GL5 = /^GL5/

/**
 * What follows the last fix (odometer, engine hours, battery %, device status, fuel), read by
 * the shape of the fields: their order is the same across models, their presence is not.
 */
function applyTail(
  attributes: PositionAttributes,
  fields: string[],
  start: number,
  type: string,
  model: string | null
) {
  const end = fields.length - 2
  if (model && GL5.test(model) && type === 'ERI') {
    // GL5xx: rssi, ber, append mask, battery %, mode, motion.
    const level = numberOf(fields[start + 3])
    if (level !== undefined) attributes.batteryLevel = level
    return
  }
  let statusAt = -1
  for (let index = start; index < end; index++) {
    const field = fields[index]
    if (attributes.odometer === undefined && /^\d{1,7}\.\d$/.test(field)) {
      attributes.odometer = Number(field) * 1000
    } else if (/^\d{5}:\d\d:\d\d$/.test(field)) {
      attributes.engineHours = hoursOf(field)
    } else if (statusAt < 0 && /^[0-9A-F]{6}$/.test(field) && index > start) {
      statusAt = index
      applyStatus(attributes, Number.parseInt(field, 16))
      const level = numberOf(fields[index - 1])
      if (level !== undefined && level <= 100) attributes.batteryLevel = level
    }
  }
  if (statusAt >= 0 && type === 'ERI') {
    const mask = hexOf(fields[4]) ?? 0
    // Digital fuel sensor (mask bit 0): after the UART device type.
    const fuel = mask & 1 ? hexOf(fields[statusAt + 2]) : undefined
    if (fuel !== undefined) attributes.fuel = fuel
  }
  if (statusAt < 0 && end - 1 > start) {
    // Older firmware ends with the battery level.
    const level = fields[end - 1]
    if (/^\d{1,3}$/.test(level) && Number(level) <= 100) attributes.batteryLevel = Number(level)
  }
}

/** Per-report values that sit before the fixes. */
function applyReport(attributes: PositionAttributes, fields: string[], type: string) {
  const reportType = /^[0-9A-Fa-f]{1,2}$/.test(fields[5] ?? '')
    ? Number.parseInt(fields[5], 16)
    : undefined
  if (type === 'IGN' || type === 'VGN') attributes.ignition = true
  if (type === 'IGF' || type === 'VGF') attributes.ignition = false
  if (type === 'IGL' && reportType !== undefined) attributes.ignition = reportType % 0x10 === 1
  if (type === 'DIS' && reportType !== undefined) {
    const input = reportType >> 4
    if (input >= 1 && input <= 6) attributes.inputs = { [input]: reportType % 0x10 === 1 }
  }
  if (type === 'HBM' && reportType !== undefined) {
    const kind = reportType % 0x10
    attributes.deviceAlarm =
      kind === 0 || kind === 3 ? 'hardBraking' : kind === 2 ? 'hardCornering' : 'hardAcceleration'
  }
  const alarm = ALARMS[type]
  if (alarm) attributes.deviceAlarm = alarm
  if (type === 'DAT' && fields[7]) attributes.data = fields[7]
  if (type === 'DAR') {
    const warning = numberOf(fields[4])
    if (warning !== undefined) attributes.warningType = warning
  }
  if (type === 'BID') {
    const mask = hexOf(fields[6]) ?? 0
    let index = 7
    if (mask & 0x02) attributes.accessoryMac = fields[index++]
    const voltage = mask & 0x08 ? numberOf(fields[index]) : undefined
    if (voltage !== undefined) attributes.accessoryVoltage = voltage / 1000
  }
  if (type === 'FRI' || type === 'ERI') {
    // `<device name>,<external power mV>` (a 17-character VIN may come first).
    const powerAt = /^[0-9A-Z]{17}$/.test(fields[3]) ? 5 : type === 'ERI' ? 5 : 4
    const millivolts = numberOf(fields[powerAt])
    if (millivolts !== undefined && millivolts > 10 && Number.isInteger(millivolts)) {
      attributes.power = millivolts / 1000
    }
  }
}

/** GTINF: the device's state, SIM, signal, voltages and battery (no fix). */
function infAttributes(fields: string[], model: string | null): PositionAttributes {
  const attributes: PositionAttributes = {}
  const state = hexOf(fields[4])
  if (state === 0x16 || state === 0x1a || state === 0x12) {
    Object.assign(attributes, { ignition: false, motion: true })
  } else if (state === 0x11) Object.assign(attributes, { ignition: false, motion: false })
  else if (state === 0x21) Object.assign(attributes, { ignition: true, motion: false })
  else if (state === 0x22) Object.assign(attributes, { ignition: true, motion: true })
  else if (state === 0x41) attributes.motion = false
  else if (state === 0x42) attributes.motion = true
  if (fields[5]) attributes.iccid = fields[5]
  const rssi = numberOf(fields[6])
  if (rssi !== undefined) attributes.gsmLevel = rssi
  let index = 9
  if ((fields[index + 1] ?? '').length >= 12) index += 3 // BLE sensor: mac, temperature, humidity
  const power = fields[index++]
  if (power?.includes('.')) attributes.odometer = Number(power) * 1000
  else if (numberOf(power) !== undefined) attributes.power = Number(power) / 1000
  if (model === 'GV350M' || model === 'GV310LAU') index++
  else if (model !== 'GV500VC') {
    const power2 = numberOf(fields[index++])
    if (power2 !== undefined) attributes.power2 = power2 / 1000
  }
  const battery = numberOf(fields[index++])
  if (battery !== undefined) attributes.battery = battery
  if (fields[index] === '1') attributes.charging = true
  return attributes
}

/**
 * Decodes one @Track frame (without its `$`). Pure: the replies are returned. Field 1 is the
 * protocol version (which names the model), field 2 the IMEI, the one before last the time
 * the device sent the frame, the last its count number (what a SACK acknowledges).
 */
export function decodeGl200Frame(frame: Buffer): Gl200Result {
  const sentence = frame.toString('latin1').trim().replace(/\$$/, '')
  const header = /^\+(RESP|BUFF|ACK):GT([A-Z0-9]{3})$/.exec(
    sentence.slice(0, sentence.indexOf(','))
  )
  if (!header) return { kind: 'invalid', reason: 'not an @Track frame' }
  const fields = sentence.split(',')
  if (fields.length < 5) return { kind: 'invalid', reason: 'truncated @Track frame' }
  const [, source, type] = header
  const version = fields[1]
  const imei = fields[2]
  if (!/^[0-9A-Za-z]{4,20}$/.test(imei)) return { kind: 'invalid', reason: 'no device id' }
  // An old GT300-era layout (the IMEI where the version is): nothing Traccar or we read.
  if (version.length > 10) return { kind: 'none', imei, reply: null }

  const model = gl200ModelOf(version)
  const count = fields[fields.length - 1]
  if (!/^[0-9A-Fa-f]{4}$/.test(count)) return { kind: 'invalid', reason: 'no count number' }
  const sentAt = timeOf(fields[fields.length - 2])

  if (source === 'ACK') {
    if (type === 'HBD') {
      return { kind: 'heartbeat', imei, model, reply: gl200HeartbeatAck(version, count) }
    }
    return {
      kind: 'command_reply',
      imei,
      model,
      text: sentence,
      fixTime: sentAt ?? new Date(),
      reply: null,
    }
  }

  const ack = gl200ReportAck(count)
  if (type === 'INF') {
    if (!sentAt) return { kind: 'invalid', reason: 'impossible send time' }
    const attributes = { ...infAttributes(fields, model), type }
    return { kind: 'status', imei, model, fixTime: sentAt, attributes, reply: null, ack }
  }
  if (type === 'VER') {
    const attributes: PositionAttributes = { type, deviceType: fields[4] }
    const firmware = hexOf(fields[5])
    const hardware = hexOf(fields[6])
    if (firmware !== undefined) attributes.versionFw = firmware
    if (hardware !== undefined) attributes.versionHw = hardware
    return {
      kind: 'status',
      imei,
      model,
      fixTime: sentAt ?? new Date(),
      attributes,
      reply: null,
      ack,
    }
  }

  const fixes = fixesOf(fields)
  const extra: PositionAttributes = { type }
  applyReport(extra, fields, type)
  const tailStart = fixes.length > 0 ? fixes[fixes.length - 1].at + 7 : 4
  applyTail(extra, fields, tailStart, type, model)

  if (fixes.length === 0) {
    if (!sentAt) return { kind: 'invalid', reason: 'impossible send time' }
    return { kind: 'status', imei, model, fixTime: sentAt, attributes: extra, reply: null, ack }
  }
  const positions = fixes.map(({ position }, index): Position => {
    const last = index === fixes.length - 1
    return {
      imei,
      ...position,
      attributes: last ? { ...position.attributes, ...extra } : { ...position.attributes, type },
    }
  })
  return { kind: 'positions', imei, model, positions, reply: null, ack }
}
