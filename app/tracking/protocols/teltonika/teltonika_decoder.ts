import type { Position } from '../../position.js'
import { crc16Arc } from '../crc.js'
import {
  AVL_CRC_LENGTH,
  AVL_HEADER_LENGTH,
  AVL_MIN_DATA_LENGTH,
  CODEC_12,
  CODEC_13,
  CODEC_7,
  IMEI_MAX_DIGITS,
  IMEI_MIN_DIGITS,
  MESSAGE_TYPE_RESPONSE,
} from './teltonika_constants.js'
import { readGh3000Record } from './teltonika_gh3000.js'
import {
  RECORD_LAYOUTS,
  TruncatedPacketError,
  readRecord,
  withSixteenByteGroup,
} from './teltonika_records.js'

export type TeltonikaLoginResult = { ok: true; imei: string } | { ok: false; reason: string }

export interface TeltonikaCommandResponse {
  text: string
  /** Codec 13 responses carry the device time. */
  time?: Date
}

export type TeltonikaPacketResult =
  | { kind: 'invalid'; reason: string }
  /** `recordCount` is what the ack must carry, once the positions are stored. */
  | { kind: 'records'; codec: number; recordCount: number; positions: Position[] }
  /** Replies to Codec 12/13 commands; the device expects no ack for them. */
  | { kind: 'responses'; codec: number; responses: TeltonikaCommandResponse[] }

/** Decodes the login frame: 2-byte length + IMEI as ASCII digits. */
export function decodeTeltonikaLogin(frame: Buffer): TeltonikaLoginResult {
  if (frame.length < 2) return { ok: false, reason: 'login frame too short' }
  const length = frame.readUInt16BE(0)
  if (length < IMEI_MIN_DIGITS || length > IMEI_MAX_DIGITS || frame.length !== 2 + length) {
    return { ok: false, reason: 'bad IMEI length' }
  }
  for (let i = 2; i < frame.length; i++) {
    const byte = frame[i]
    if (byte < 0x30 || byte > 0x39) return { ok: false, reason: 'IMEI is not all digits' }
  }
  return { ok: true, imei: frame.toString('latin1', 2) }
}

function invalid(reason: string): TeltonikaPacketResult {
  return { kind: 'invalid', reason }
}

/**
 * Decodes one whole AVL frame (preamble .. CRC) of the device `imei`. Nothing is decoded from a
 * frame whose length, CRC or record counts do not add up.
 */
export function decodeTeltonikaPacket(frame: Buffer, imei: string): TeltonikaPacketResult {
  if (frame.length < AVL_HEADER_LENGTH + AVL_MIN_DATA_LENGTH + AVL_CRC_LENGTH) {
    return invalid('frame too short')
  }
  if (frame.readUInt32BE(0) !== 0) return invalid('bad preamble')
  const dataLength = frame.readUInt32BE(4)
  const dataEnd = AVL_HEADER_LENGTH + dataLength
  if (dataEnd + AVL_CRC_LENGTH !== frame.length) return invalid('length field mismatch')
  if (frame.readUInt32BE(dataEnd) !== crc16Arc(frame, AVL_HEADER_LENGTH, dataEnd)) {
    return invalid('CRC mismatch')
  }

  const codec = frame[AVL_HEADER_LENGTH]
  const count = frame[AVL_HEADER_LENGTH + 1]
  if (frame[dataEnd - 1] !== count) return invalid('record counts differ')
  const recordsStart = AVL_HEADER_LENGTH + 2
  const recordsEnd = dataEnd - 1

  try {
    if (codec === CODEC_12 || codec === CODEC_13) {
      return readResponses(frame, codec, count, recordsStart, recordsEnd)
    }
    const layout = RECORD_LAYOUTS.get(codec)
    if (!layout && codec !== CODEC_7) return invalid(`unsupported codec 0x${codec.toString(16)}`)

    const read = (recordLayout: typeof layout) => {
      const positions: Position[] = new Array(count)
      let offset = recordsStart
      for (let i = 0; i < count; i++) {
        const record = recordLayout
          ? readRecord(frame, offset, recordsEnd, recordLayout, imei)
          : readGh3000Record(frame, offset, recordsEnd, imei)
        positions[i] = record.position
        offset = record.next
      }
      return offset === recordsEnd ? positions : null
    }
    let positions: Position[] | null = null
    try {
      positions = read(layout)
    } catch (error) {
      if (!(error instanceof TruncatedPacketError) || !layout) throw error
    }
    // Records that fit only with the 16-byte group are of the FMB variant that sends it; a
    // packet that fits the plain layout is never read the other way.
    if (!positions && layout) positions = read(withSixteenByteGroup(layout))
    if (!positions) return invalid('bytes left after the records')
    return { kind: 'records', codec, recordCount: count, positions }
  } catch (error) {
    if (error instanceof TruncatedPacketError) return invalid(error.message)
    throw error
  }
}

/** Codec 12/13: per message type u8 | size u32 | [codec 13: time u32] | text. */
function readResponses(
  frame: Buffer,
  codec: number,
  count: number,
  start: number,
  end: number
): TeltonikaPacketResult {
  const responses: TeltonikaCommandResponse[] = []
  let offset = start
  for (let i = 0; i < count; i++) {
    if (offset + 5 > end) return invalid('response runs past the data field')
    const type = frame[offset]
    const size = frame.readUInt32BE(offset + 1)
    offset += 5
    if (offset + size > end) return invalid('response runs past the data field')
    if (type !== MESSAGE_TYPE_RESPONSE) {
      return invalid(`unexpected message type 0x${type.toString(16)}`)
    }
    if (codec === CODEC_13) {
      if (size < 4) return invalid('codec 13 response without time')
      const time = new Date(frame.readUInt32BE(offset) * 1000)
      responses.push({ text: frame.toString('latin1', offset + 4, offset + size), time })
    } else {
      responses.push({ text: frame.toString('latin1', offset, offset + size) })
    }
    offset += size
  }
  if (offset !== end) return invalid('bytes left after the responses')
  return { kind: 'responses', codec, responses }
}
