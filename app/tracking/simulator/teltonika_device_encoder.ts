import { crc16Arc } from '../protocols/crc.js'
import {
  AVL_CRC_LENGTH,
  AVL_HEADER_LENGTH,
  CODEC_12,
  CODEC_8,
  CODEC_8_EXTENDED,
  MESSAGE_TYPE_COMMAND,
  MESSAGE_TYPE_RESPONSE,
} from '../protocols/teltonika/teltonika_constants.js'
import type { DeviceFix } from './device_fix.js'

/**
 * The device side of Teltonika FMx over TCP: the IMEI login, AVL packets (Codec 8 and
 * Codec 8 Extended) and Codec 12 command responses; and the reading of what the server sends
 * back (login reply, record-count acks, Codec 12 commands).
 */
export type TeltonikaDataCodec = typeof CODEC_8 | typeof CODEC_8_EXTENDED

/** Most records a packet can carry (N1 is one byte). */
export const MAX_RECORDS_PER_PACKET = 255

/** IO ids the simulated FMx reports (FMB/FMC numbering). */
export const TELTONIKA_IO = {
  din1: 1,
  gsmSignal: 21,
  gnssSpeed: 24,
  totalOdometer: 16,
  externalVoltage: 66,
  batteryVoltage: 67,
  dout1: 179,
  dout2: 180,
  tripOdometer: 199,
  ignition: 239,
  movement: 240,
  greenDrivingType: 253,
  greenDrivingValue: 254,
  overSpeeding: 255,
} as const

interface IoElement {
  id: number
  size: 1 | 2 | 4 | 8
  value: number
}

/** 2-byte length + IMEI as ASCII digits. */
export function encodeTeltonikaLogin(imei: string): Buffer {
  const digits = Buffer.from(imei, 'latin1')
  const frame = Buffer.allocUnsafe(2 + digits.length)
  frame.writeUInt16BE(digits.length, 0)
  digits.copy(frame, 2)
  return frame
}

/** The IO id that made the device write the record (0 for periodic records). */
export function eventIoOf(fix: DeviceFix): number {
  switch (fix.event?.kind) {
    case 'harsh':
      return TELTONIKA_IO.greenDrivingType
    case 'overspeed':
      return TELTONIKA_IO.overSpeeding
    case 'ignition':
      return TELTONIKA_IO.ignition
    default:
      return 0
  }
}

function ioElements(fix: DeviceFix): IoElement[] {
  const io: IoElement[] = [
    { id: TELTONIKA_IO.ignition, size: 1, value: fix.ignition ? 1 : 0 },
    { id: TELTONIKA_IO.movement, size: 1, value: fix.moving ? 1 : 0 },
    { id: TELTONIKA_IO.gsmSignal, size: 1, value: fix.gsmLevel },
    { id: TELTONIKA_IO.din1, size: 1, value: fix.ignition ? 1 : 0 },
    { id: TELTONIKA_IO.dout1, size: 1, value: fix.relay ? 1 : 0 },
    { id: TELTONIKA_IO.dout2, size: 1, value: 0 },
    { id: TELTONIKA_IO.gnssSpeed, size: 2, value: fix.speed },
    { id: TELTONIKA_IO.externalVoltage, size: 2, value: Math.round(fix.power * 1000) },
    { id: TELTONIKA_IO.batteryVoltage, size: 2, value: Math.round(fix.battery * 1000) },
    { id: TELTONIKA_IO.totalOdometer, size: 4, value: fix.odometer },
    { id: TELTONIKA_IO.tripOdometer, size: 4, value: fix.tripOdometer },
  ]
  if (fix.temperature !== undefined) {
    // Dallas 1 (IO 72): signed tenths of a degree.
    io.push({ id: 72, size: 4, value: Math.round(fix.temperature * 10) >>> 0 })
  }
  if (fix.event?.kind === 'harsh') {
    io.push({ id: TELTONIKA_IO.greenDrivingType, size: 1, value: fix.event.type })
    io.push({ id: TELTONIKA_IO.greenDrivingValue, size: 1, value: fix.event.value })
  } else if (fix.event?.kind === 'overspeed') {
    io.push({ id: TELTONIKA_IO.overSpeeding, size: 1, value: Math.min(255, fix.speed) })
  }
  return io
}

/** Writes `value` as an unsigned big-endian integer of `size` bytes. */
function writeUnsigned(target: Buffer, offset: number, size: 1 | 2 | 4 | 8, value: number) {
  if (size === 1) target.writeUInt8(value, offset)
  else if (size === 2) target.writeUInt16BE(value, offset)
  else if (size === 4) target.writeUInt32BE(value >>> 0, offset)
  else target.writeBigUInt64BE(BigInt(value), offset)
}

/** Writes one record; returns the offset after it. */
function writeRecord(target: Buffer, start: number, fix: DeviceFix, extended: boolean): number {
  let offset = start
  target.writeBigUInt64BE(BigInt(fix.time.getTime()), offset)
  target[offset + 8] = fix.event ? 1 : 0
  target.writeInt32BE(Math.round(fix.longitude * 1e7), offset + 9)
  target.writeInt32BE(Math.round(fix.latitude * 1e7), offset + 13)
  target.writeInt16BE(fix.altitude, offset + 17)
  target.writeUInt16BE(fix.course, offset + 19)
  target[offset + 21] = fix.satellites
  target.writeUInt16BE(fix.speed, offset + 22)
  offset += 24

  const idSize = extended ? 2 : 1
  const writeCount = (value: number) => {
    if (extended) target.writeUInt16BE(value, offset)
    else target[offset] = value
    offset += idSize
  }
  const elements = ioElements(fix)
  writeCount(eventIoOf(fix))
  writeCount(elements.length)
  for (const size of [1, 2, 4, 8] as const) {
    const group = elements.filter((element) => element.size === size)
    writeCount(group.length)
    for (const element of group) {
      writeCount(element.id)
      writeUnsigned(target, offset, size, element.value)
      offset += size
    }
  }
  if (extended) writeCount(0)
  return offset
}

function recordLength(fix: DeviceFix, extended: boolean): number {
  const idSize = extended ? 2 : 1
  const elements = ioElements(fix)
  const values = elements.reduce((total, element) => total + idSize + element.size, 0)
  return 24 + idSize * 2 + idSize * 4 + values + (extended ? 2 : 0)
}

/** Wraps a data field (codec id .. N2) in the preamble, length and CRC-16/IBM. */
function avlPacket(dataLength: number, fill: (packet: Buffer, offset: number) => number): Buffer {
  const packet = Buffer.alloc(AVL_HEADER_LENGTH + dataLength + AVL_CRC_LENGTH)
  packet.writeUInt32BE(dataLength, 4)
  const end = fill(packet, AVL_HEADER_LENGTH)
  packet.writeUInt32BE(crc16Arc(packet, AVL_HEADER_LENGTH, end), end)
  return packet
}

/** An AVL data packet of up to 255 records, in Codec 8 or Codec 8 Extended. */
export function encodeTeltonikaRecords(
  fixes: readonly DeviceFix[],
  codec: TeltonikaDataCodec = CODEC_8
): Buffer {
  if (fixes.length === 0 || fixes.length > MAX_RECORDS_PER_PACKET) {
    throw new RangeError(`a packet carries 1..${MAX_RECORDS_PER_PACKET} records`)
  }
  const extended = codec === CODEC_8_EXTENDED
  const recordsLength = fixes.reduce((total, fix) => total + recordLength(fix, extended), 0)
  return avlPacket(1 + 1 + recordsLength + 1, (packet, start) => {
    let offset = start
    packet[offset++] = codec
    packet[offset++] = fixes.length
    for (const fix of fixes) offset = writeRecord(packet, offset, fix, extended)
    packet[offset++] = fixes.length
    return offset
  })
}

/** Codec 12 response (type 0x06) carrying the device's answer to a command. */
export function encodeCodec12Response(text: string): Buffer {
  const body = Buffer.from(text, 'latin1')
  return avlPacket(1 + 1 + 1 + 4 + body.length + 1, (packet, start) => {
    let offset = start
    packet[offset++] = CODEC_12
    packet[offset++] = 1
    packet[offset++] = MESSAGE_TYPE_RESPONSE
    packet.writeUInt32BE(body.length, offset)
    offset += 4
    body.copy(packet, offset)
    offset += body.length
    packet[offset++] = 1
    return offset
  })
}

/**
 * Reads a Codec 12 command packet (type 0x05) as the device does: null unless the length,
 * CRC, codec and type add up.
 */
export function decodeCodec12Command(packet: Buffer): string | null {
  if (packet.length < AVL_HEADER_LENGTH + 8 + AVL_CRC_LENGTH) return null
  if (packet.readUInt32BE(0) !== 0) return null
  const dataEnd = AVL_HEADER_LENGTH + packet.readUInt32BE(4)
  if (dataEnd + AVL_CRC_LENGTH !== packet.length) return null
  if (packet.readUInt32BE(dataEnd) !== crc16Arc(packet, AVL_HEADER_LENGTH, dataEnd)) return null
  const start = AVL_HEADER_LENGTH
  if (packet[start] !== CODEC_12 || packet[start + 2] !== MESSAGE_TYPE_COMMAND) return null
  const size = packet.readUInt32BE(start + 3)
  if (start + 7 + size + 1 !== dataEnd) return null
  return packet.toString('latin1', start + 7, start + 7 + size)
}

/** What the server sent a logged-in device, split out of the TCP stream. */
export type TeltonikaServerMessage =
  { kind: 'ack'; count: number } | { kind: 'command'; text: string | null }

/**
 * Splits server bytes after the login: 4-byte record-count acks and Codec 12 packets. A
 * command starts with a zero preamble; an ack never is zero, since packets carry records.
 */
export class TeltonikaServerReader {
  private pending: Buffer = Buffer.alloc(0)

  push(chunk: Buffer): TeltonikaServerMessage[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk
    const messages: TeltonikaServerMessage[] = []
    let offset = 0
    while (this.pending.length - offset >= 4) {
      const word = this.pending.readUInt32BE(offset)
      if (word !== 0) {
        messages.push({ kind: 'ack', count: word })
        offset += 4
        continue
      }
      if (this.pending.length - offset < AVL_HEADER_LENGTH) break
      const length = AVL_HEADER_LENGTH + this.pending.readUInt32BE(offset + 4) + AVL_CRC_LENGTH
      if (this.pending.length - offset < length) break
      messages.push({
        kind: 'command',
        text: decodeCodec12Command(this.pending.subarray(offset, offset + length)),
      })
      offset += length
    }
    this.pending = this.pending.subarray(offset)
    return messages
  }

  get pendingBytes(): number {
    return this.pending.length
  }
}

/**
 * The FMx answer to a command: output states for setdigout (and the relay state it leaves),
 * a version for getver.
 */
export function teltonikaCommandAnswer(
  command: string,
  outputs: readonly [boolean, boolean]
): { text: string; relay?: boolean } {
  const text = command.trim()
  const setdigout = /^setdigout\s+([01?]{1,2})/i.exec(text)
  if (setdigout) {
    const states = setdigout[1]
    const next = outputs.map((current, index) => {
      const wanted = states[index]
      return wanted === '1' ? true : wanted === '0' ? false : current
    })
    return { text: `DOUT1:${next[0] ? 1 : 0} DOUT2:${next[1] ? 1 : 0}`, relay: next[0] }
  }
  if (/^getver$/i.test(text)) return { text: 'Ver:03.28.07 Hw:FMB920 Mod:12' }
  if (/^getstatus$/i.test(text)) return { text: 'Data Link: 1 GPRS: 1 Phone: 0 SIM: 0 OP: 28601' }
  return { text: `Unknown command: ${text.slice(0, 40)}` }
}
