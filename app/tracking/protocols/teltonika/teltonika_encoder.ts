import { crc16Arc } from '../crc.js'
import {
  AVL_CRC_LENGTH,
  AVL_HEADER_LENGTH,
  CODEC_12,
  MESSAGE_TYPE_COMMAND,
} from './teltonika_constants.js'

const LOGIN_ACCEPTED = Buffer.from([0x01])
const LOGIN_REJECTED = Buffer.from([0x00])

/** Digital output 1 drives the engine-cut relay. */
export const ENGINE_BLOCK_COMMAND = 'setdigout 1'
export const ENGINE_UNBLOCK_COMMAND = 'setdigout 0'

/** One byte: 0x01 accepts the IMEI, 0x00 rejects it. */
export function encodeLoginReply(accepted: boolean): Buffer {
  return accepted ? LOGIN_ACCEPTED : LOGIN_REJECTED
}

/** The record count accepted, 4 bytes big-endian; send it only once the records are stored. */
export function encodeAck(recordCount: number): Buffer {
  const ack = Buffer.allocUnsafe(4)
  ack.writeUInt32BE(recordCount, 0)
  return ack
}

/**
 * Codec 12 command packet: preamble | data length | 0x0C | 0x01 | 0x05 | u32 payload length |
 * payload | 0x01 | CRC-16/IBM over codec id .. second quantity (in a 4-byte field).
 * A string is sent as ASCII; a Uint8Array as raw bytes.
 */
export function encodeCodec12Command(payload: string | Uint8Array): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'latin1') : payload
  const dataLength = 1 + 1 + 1 + 4 + body.length + 1
  const packet = Buffer.alloc(AVL_HEADER_LENGTH + dataLength + AVL_CRC_LENGTH)
  packet.writeUInt32BE(dataLength, 4)
  let offset = AVL_HEADER_LENGTH
  packet[offset++] = CODEC_12
  packet[offset++] = 1
  packet[offset++] = MESSAGE_TYPE_COMMAND
  packet.writeUInt32BE(body.length, offset)
  offset += 4
  packet.set(body, offset)
  offset += body.length
  packet[offset++] = 1
  packet.writeUInt32BE(crc16Arc(packet, AVL_HEADER_LENGTH, offset), offset)
  return packet
}

function isHexDigit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  )
}

/**
 * A custom command typed by a user: text made only of hex digit pairs is meant as raw bytes
 * (binary commands), anything else is a text command.
 */
export function customCommandPayload(text: string): string | Buffer {
  if (text.length === 0 || text.length % 2 !== 0) return text
  for (let i = 0; i < text.length; i++) {
    if (!isHexDigit(text.charCodeAt(i))) return text
  }
  return Buffer.from(text, 'hex')
}

export function encodeEngineBlock(): Buffer {
  return encodeCodec12Command(ENGINE_BLOCK_COMMAND)
}

export function encodeEngineUnblock(): Buffer {
  return encodeCodec12Command(ENGINE_UNBLOCK_COMMAND)
}
