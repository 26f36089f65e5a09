import type { Position, PositionAttributes } from '../../position.js'
import { encodeMeitrackBatchAck, encodeMeitrackFrame } from './meitrack_encoder.js'

/** What a Meitrack frame asks of the session. */
export type MeitrackResult =
  | { kind: 'invalid'; reason: string }
  | { kind: 'positions'; imei: string; positions: Position[]; reply: Buffer | null }
  /** The device's answer to a command (`C01,OK`, `D82,0`). */
  | { kind: 'command_reply'; imei: string; text: string }
  | { kind: 'none'; imei: string; reply: Buffer | null }

/** Seconds from the Unix epoch to 2000-01-01, where binary times count from. */
const EPOCH_2000 = 946_684_800

/**
 * The AAA report: event, latitude, longitude, yymmddhhmmss, validity, satellites, GSM signal,
 * speed km/h, course, HDOP, altitude, odometer (m), run time (s), MCC|MNC|LAC|CI, inputs and
 * outputs (hex), then voltages, either as decimals (battery|power|...) or as hex ADC readings.
 */
const AAA = new RegExp(
  String.raw`^\$\$.\d+,(\d+),AAA,(?:\d+,)?(\d+),(-?\d+\.\d+),(-?\d+\.\d+),(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d),([AV]),(\d+),(\d+),` +
    String.raw`(\d+\.?\d*),(\d+),(\d+\.?\d*),(-?\d+),(\d+),(\d+),(\d+)\|(\d+)\|([0-9A-Fa-f]+)?\|([0-9A-Fa-f]+)?,([0-9A-Fa-f]{2})([0-9A-Fa-f]{2}),` +
    String.raw`(?:(\d+\.\d+)\|(\d+\.\d+)\||[0-9A-Fa-f]*\|[0-9A-Fa-f]*\|[0-9A-Fa-f]*\|([0-9A-Fa-f]+)\|([0-9A-Fa-f]+)?)`
)

function utc(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  seconds: number
) {
  const date = new Date(Date.UTC(2000 + year, month - 1, day, hours, minutes, seconds))
  const real =
    date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hours < 24 && minutes < 60
  return real && seconds < 60 ? date : null
}

function decodeAaa(imei: string, sentence: string): MeitrackResult {
  const m = AAA.exec(sentence)
  if (!m) return { kind: 'invalid', reason: 'malformed AAA report' }
  const fixTime = utc(+m[5], +m[6], +m[7], +m[8], +m[9], +m[10])
  if (!fixTime) return { kind: 'invalid', reason: 'impossible date or time' }
  const attributes: PositionAttributes = {
    deviceEvent: Number(m[2]),
    gsmLevel: Number(m[13]),
    hdop: Number(m[16]),
    odometer: Number(m[18]),
    runtime: Number(m[19]),
    mcc: Number(m[20]),
    mnc: Number(m[21]),
    inputMask: Number.parseInt(m[24], 16),
    outputMask: Number.parseInt(m[25], 16),
  }
  if (m[22]) attributes.lac = Number.parseInt(m[22], 16)
  if (m[23]) attributes.cellId = Number.parseInt(m[23], 16)
  if (m[26] !== undefined) {
    attributes.battery = Number(m[26])
    attributes.power = Number(m[27])
  } else if (m[28] !== undefined) {
    // Raw ADC readings: their scale depends on the model, so they are kept as sent.
    attributes.batteryAdc = Number.parseInt(m[28], 16)
    if (m[29]) attributes.powerAdc = Number.parseInt(m[29], 16)
  }
  const outputs = Number.parseInt(m[25], 16)
  attributes.outputs = { 1: (outputs & 1) === 1, 2: (outputs & 2) === 2 }
  const position: Position = {
    imei,
    fixTime,
    latitude: Number(m[3]),
    longitude: Number(m[4]),
    speed: Number(m[14]),
    course: Number(m[15]),
    altitude: Number(m[17]),
    satellites: Number(m[12]),
    valid: m[11] === 'A',
    attributes,
  }
  return { kind: 'positions', imei, positions: [position], reply: null }
}

/** CCC: a batch of fixed 52-byte records, answered with the count taken. */
function decodeCcc(imei: string, flag: string, frame: Buffer, start: number): MeitrackResult {
  // After "CCC,": protocol version (2), record count (2) and 4 more bytes, then the records.
  const positions: Position[] = []
  let offset = start + 8
  const end = frame.length - 5 // "*XX\r\n"
  while (end - offset >= 52) {
    const event = frame.readUInt8(offset)
    const latitude = frame.readInt32LE(offset + 1) / 1e6
    const longitude = frame.readInt32LE(offset + 5) / 1e6
    const fixTime = new Date((EPOCH_2000 + frame.readUInt32LE(offset + 9)) * 1000)
    const valid = frame.readUInt8(offset + 13) === 1
    const satellites = frame.readUInt8(offset + 14)
    const gsmLevel = frame.readUInt8(offset + 15)
    const speed = frame.readUInt16LE(offset + 16)
    const course = frame.readUInt16LE(offset + 18)
    const hdop = frame.readUInt16LE(offset + 20) / 10
    const altitude = frame.readUInt16LE(offset + 22)
    const odometer = frame.readUInt32LE(offset + 24)
    const runtime = frame.readUInt32LE(offset + 28)
    const attributes: PositionAttributes = {
      deviceEvent: event,
      gsmLevel,
      hdop,
      odometer,
      runtime,
      mcc: frame.readUInt16LE(offset + 32),
      mnc: frame.readUInt16LE(offset + 34),
      lac: frame.readUInt16LE(offset + 36),
      cellId: frame.readUInt16LE(offset + 38),
      ioStatus: frame.readUInt16LE(offset + 40),
      adc1: frame.readUInt16LE(offset + 42),
      battery: frame.readUInt16LE(offset + 44) / 100,
      powerAdc: frame.readUInt16LE(offset + 46),
    }
    positions.push({
      imei,
      fixTime,
      latitude,
      longitude,
      speed,
      course,
      altitude,
      satellites,
      valid,
      attributes,
    })
    offset += 52
  }
  return {
    kind: 'positions',
    imei,
    positions,
    reply: encodeMeitrackBatchAck(imei, flag, positions.length),
  }
}

/**
 * CCE: records of tagged parameters in four groups by value size (1, 2 and 4 bytes, then
 * sized values); ids starting with FE are two bytes long. FEF4 is the engine hours in minutes.
 */
function decodeCce(imei: string, frame: Buffer, start: number): MeitrackResult {
  let offset = start + 4 // remaining cache (4)
  const count = frame.readUInt16LE(offset)
  offset += 2
  const positions: Position[] = []
  const readId = () => {
    const extension = frame[offset] === 0xfe
    const id = extension ? frame.readUInt16BE(offset) : frame[offset]
    offset += extension ? 2 : 1
    return id
  }
  for (let record = 0; record < count; record++) {
    // A record is its length (2) and that many bytes: index (2), then four parameter groups.
    const next = offset + 2 + frame.readUInt16LE(offset)
    if (next > frame.length) return { kind: 'invalid', reason: 'CCE record past the frame' }
    offset += 4
    const attributes: PositionAttributes = {}
    const position: Position = {
      imei,
      fixTime: new Date(0),
      latitude: 0,
      longitude: 0,
      speed: 0,
      course: 0,
      altitude: 0,
      satellites: 0,
      valid: false,
      attributes,
    }
    let fixed = false
    for (let n = frame[offset++]; n > 0; n--) {
      const id = readId()
      const value = frame[offset++]
      if (id === 0x01) attributes.deviceEvent = value
      else if (id === 0x05) position.valid = value > 0
      else if (id === 0x06) position.satellites = value
      else if (id === 0x07) attributes.gsmLevel = value
      else if (id === 0x14) attributes.outputMask = value
      else if (id === 0x15) attributes.inputMask = value
      else if (id === 0x9d) attributes.fuelLevel = value
      else if (id === 0xfe69) attributes.batteryLevel = value
    }
    for (let n = frame[offset++]; n > 0; n--) {
      const id = readId()
      const value = frame.readUInt16LE(offset)
      if (id === 0x08) position.speed = value
      else if (id === 0x09) position.course = value
      else if (id === 0x0a) attributes.hdop = value
      else if (id === 0x0b) position.altitude = frame.readInt16LE(offset)
      else if (id === 0x16) attributes.adc1 = value / 100
      else if (id === 0x19) attributes.battery = value / 100
      else if (id === 0x1a) attributes.power = value / 100
      else if (id === 0x40) attributes.deviceEvent = value
      else if (id === 0x99) attributes.rpm = value
      else if (id === 0x9c) attributes.coolantTemperature = value
      offset += 2
    }
    for (let n = frame[offset++]; n > 0; n--) {
      const id = readId()
      const value = frame.readUInt32LE(offset)
      if (id === 0x02) position.latitude = frame.readInt32LE(offset) / 1e6
      else if (id === 0x03) position.longitude = frame.readInt32LE(offset) / 1e6
      else if (id === 0x04) {
        position.fixTime = new Date((EPOCH_2000 + value) * 1000)
        fixed = true
      } else if (id === 0x0c || id === 0x9b) attributes.odometer = value
      else if (id === 0x0d) attributes.runtime = value
      else if (id === 0xa0) attributes.fuelUsed = value / 1000
      else if (id === 0xfef4) attributes.engineHours = value / 60
      offset += 4
    }
    for (let n = frame[offset++]; n > 0; n--) {
      readId()
      offset += frame[offset] + 1
    }
    if (offset > next) return { kind: 'invalid', reason: 'CCE parameters past their record' }
    offset = next
    if (fixed) positions.push(position)
  }
  return { kind: 'positions', imei, positions, reply: null }
}

/** Decodes one frame from MeitrackFrameDecoder. Pure: replies are returned, never sent. */
export function decodeMeitrackFrame(frame: Buffer): MeitrackResult {
  if (frame.length < 10 || frame[0] !== 0x24 || frame[1] !== 0x24) {
    return { kind: 'invalid', reason: 'no $$ start' }
  }
  const flag = String.fromCharCode(frame[2])
  const first = frame.indexOf(0x2c)
  const second = frame.indexOf(0x2c, first + 1)
  if (first < 0 || second < 0) return { kind: 'invalid', reason: 'frame without a command' }
  const imei = frame.toString('latin1', first + 1, second)
  if (!/^\d{6,20}$/.test(imei)) return { kind: 'invalid', reason: 'frame without an IMEI' }
  const command = frame.toString('latin1', second + 1, second + 4)
  const body = second + 5
  try {
    if (command === 'CCC') return decodeCcc(imei, flag, frame, body)
    if (command === 'CCE') return decodeCce(imei, frame, body)
  } catch {
    return { kind: 'invalid', reason: `truncated ${command} batch` }
  }
  const sentence = frame.toString('latin1').replace(/\r?\n$/, '')
  if (command === 'AAA') return decodeAaa(imei, sentence)
  if (command === 'D03') {
    // A photo was taken: ask for its first packet (the packets themselves are not kept).
    return { kind: 'none', imei, reply: encodeMeitrackFrame(imei, 'D00,camera_picture.jpg,0', 'O') }
  }
  if (command === 'D00') return { kind: 'none', imei, reply: null }
  const star = sentence.lastIndexOf('*')
  const text = sentence.slice(second + 1, star < 0 ? undefined : star)
  return { kind: 'command_reply', imei, text }
}
