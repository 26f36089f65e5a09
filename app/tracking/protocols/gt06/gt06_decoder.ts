import type { Position, PositionAttributes } from '../../position.js'
import { crc16X25 } from '../crc.js'
import {
  MIN_LENGTH_FIELD,
  MSG_COMMAND_0,
  MSG_COMMAND_1,
  MSG_COMMAND_2,
  MSG_HEARTBEAT,
  MSG_INFO,
  MSG_LBS_STATUS,
  MSG_LOGIN,
  MSG_STATUS,
  MSG_STRING,
  MSG_STRING_INFO,
  MSG_TIME_REQUEST,
  START_EXTENDED,
  START_SHORT,
  STOP,
} from './gt06_constants.js'
import { encodeGt06Ack, encodeTimeResponse } from './gt06_encoder.js'
import { ContentError } from './gt06_blocks.js'
import { LOCATION_PROTOCOLS, readLbsStatusContent, readLocationContent } from './gt06_location.js'
import {
  readHeartbeatContent,
  readInfoContent,
  readStatusContent,
  readStringContent,
  readStringInfoContent,
} from './gt06_status.js'
import { gt06Variant } from './gt06_variants.js'

export interface Gt06DecodeContext {
  /** IMEI of the session (from its login); positions carry it. */
  imei?: string
  /** Device clock offset from UTC when it is not configured for UTC (login may report it). */
  timeZoneOffsetMinutes?: number
  /** Server clock, for the time-request reply. */
  now?: Date
}

interface FrameHeader {
  protocol: number
  serial: number
}

export type Gt06Result =
  | { kind: 'invalid'; reason: string; reply: null }
  | (FrameHeader & {
      kind: 'login'
      imei: string
      typeIdentifier?: number
      /** Zone the device reports in its login extension (minutes east of UTC). */
      timeZoneOffsetMinutes?: number
      /** Send only when the IMEI belongs to a registered device. */
      reply: Buffer
    })
  | (FrameHeader & { kind: 'position'; position: Position; reply: Buffer | null })
  /** Status without a fix: merge into the last known position. */
  | (FrameHeader & { kind: 'status'; attributes: PositionAttributes; reply: Buffer | null })
  | (FrameHeader & {
      kind: 'command_reply'
      text: string
      attributes: PositionAttributes
      reply: Buffer | null
    })
  | (FrameHeader & { kind: 'time_request'; reply: Buffer })
  | (FrameHeader & { kind: 'unsupported'; reason: string; reply: Buffer | null })

function invalid(reason: string): Gt06Result {
  return { kind: 'invalid', reason, reply: null }
}

/**
 * 0x7878 frames are acknowledged (protocol + serial echoed) except server commands, the time
 * request (answered with the time) and 0x94 information, which needs no reply; 0x7979 frames
 * are not acknowledged.
 */
function ackFor(extended: boolean, protocol: number, serial: number): Buffer | null {
  if (extended) return null
  if (protocol === MSG_INFO || protocol === MSG_TIME_REQUEST) return null
  if (protocol === MSG_COMMAND_0 || protocol === MSG_COMMAND_1 || protocol === MSG_COMMAND_2) {
    return null
  }
  return encodeGt06Ack(protocol, serial)
}

/** Decodes one whole frame (start .. 0D 0A). A frame failing its length or CRC check is invalid. */
export function decodeGt06Frame(frame: Buffer, context: Gt06DecodeContext = {}): Gt06Result {
  if (frame.length < 2) return invalid('frame too short')
  const start = frame.readUInt16BE(0)
  if (start !== START_SHORT && start !== START_EXTENDED) return invalid('bad start bytes')
  const extended = start === START_EXTENDED
  const headerLength = extended ? 4 : 3
  if (frame.length < headerLength + MIN_LENGTH_FIELD + 2) return invalid('frame too short')
  const lengthField = extended ? frame.readUInt16BE(2) : frame[2]
  if (headerLength + lengthField + 2 !== frame.length) return invalid('length field mismatch')
  if (frame.readUInt16BE(frame.length - 2) !== STOP) return invalid('bad stop bytes')
  const crcOffset = frame.length - 4
  if (frame.readUInt16BE(crcOffset) !== crc16X25(frame, 2, crcOffset)) {
    return invalid('CRC mismatch')
  }

  const protocol = frame[headerLength]
  const serial = frame.readUInt16BE(crcOffset - 2)
  const contentStart = headerLength + 1
  const contentEnd = crcOffset - 2
  const header: FrameHeader = { protocol, serial }
  const reply = ackFor(extended, protocol, serial)
  const variant = extended ? 'standard' : gt06Variant(protocol, lengthField)

  try {
    if (protocol === MSG_LOGIN) return decodeLogin(frame, contentStart, contentEnd, header)
    if (LOCATION_PROTOCOLS.has(protocol)) {
      const content = readLocationContent(
        frame,
        contentStart,
        contentEnd,
        protocol,
        variant,
        context.timeZoneOffsetMinutes ?? 0
      )
      if (!content) return { ...header, kind: 'unsupported', reason: 'impossible date', reply }
      const { fix, attributes } = content
      const position: Position = {
        imei: context.imei ?? '',
        fixTime: fix.fixTime,
        latitude: fix.latitude,
        longitude: fix.longitude,
        speed: fix.speed,
        course: fix.course,
        altitude: 0,
        satellites: fix.satellites,
        valid: fix.valid,
        attributes,
      }
      return { ...header, kind: 'position', position, reply }
    }
    switch (protocol) {
      case MSG_STATUS: {
        const attributes = readStatusContent(frame, contentStart, contentEnd, variant)
        return { ...header, kind: 'status', attributes, reply }
      }
      case MSG_HEARTBEAT: {
        const attributes = readHeartbeatContent(frame, contentStart, contentEnd)
        return { ...header, kind: 'status', attributes, reply }
      }
      case MSG_LBS_STATUS: {
        const attributes = readLbsStatusContent(frame, contentStart, contentEnd)
        return { ...header, kind: 'status', attributes, reply }
      }
      case MSG_INFO: {
        const attributes = readInfoContent(frame, contentStart, contentEnd, extended)
        return { ...header, kind: 'status', attributes, reply }
      }
      case MSG_STRING: {
        const { text, attributes } = readStringContent(frame, contentStart, contentEnd)
        return { ...header, kind: 'command_reply', text, attributes, reply }
      }
      case MSG_STRING_INFO: {
        const { text, attributes } = readStringInfoContent(frame, contentStart, contentEnd)
        return { ...header, kind: 'command_reply', text, attributes, reply }
      }
      case MSG_TIME_REQUEST:
        return {
          ...header,
          kind: 'time_request',
          reply: encodeTimeResponse(context.now ?? new Date(), serial),
        }
      default:
        return { ...header, kind: 'unsupported', reason: 'unknown protocol number', reply }
    }
  } catch (error) {
    if (error instanceof ContentError) {
      return { ...header, kind: 'unsupported', reason: error.message, reply }
    }
    throw error
  }
}

/**
 * 0x01: IMEI as 8 BCD bytes (a leading 0 nibble before 15 digits) [| type identifier u16
 * [| time-zone word: bits 4-15 zone as hhmm, bit 3 set = west of UTC]].
 */
function decodeLogin(frame: Buffer, start: number, end: number, header: FrameHeader): Gt06Result {
  if (end - start < 8) return invalid('login without IMEI')
  for (let i = start; i < start + 8; i++) {
    if (frame[i] >> 4 > 9 || (frame[i] & 0x0f) > 9) return invalid('IMEI is not BCD')
  }
  const digits = frame.toString('hex', start, start + 8)
  const imei = digits.charCodeAt(0) === 0x30 ? digits.slice(1) : digits
  const result: Gt06Result = {
    ...header,
    kind: 'login',
    imei,
    reply: encodeGt06Ack(MSG_LOGIN, header.serial),
  }
  if (end - start >= 10) result.typeIdentifier = frame.readUInt16BE(start + 8)
  if (end - start >= 12) {
    const word = frame.readUInt16BE(start + 10)
    const zone = word >> 4
    const minutes = Math.floor(zone / 100) * 60 + (zone % 100)
    result.timeZoneOffsetMinutes = word & 0x08 ? -minutes : minutes
  }
  return result
}
