import { crc16X25 } from '../crc.js'
import {
  MSG_COMMAND_0,
  MSG_TIME_REQUEST,
  START_EXTENDED,
  START_SHORT,
  STOP,
} from './gt06_constants.js'

export const ENGINE_BLOCK_COMMAND = 'Relay,1#'
export const ENGINE_UNBLOCK_COMMAND = 'Relay,0#'

const MAX_SHORT_LENGTH_FIELD = 0xff

/**
 * start | length | protocol | content | serial u16 | CRC-16/X-25 (length .. serial) | 0D 0A.
 * The 0x7979 form (2-byte length) is used when asked for or when the content needs it.
 */
export function encodeGt06Packet(
  protocol: number,
  content: Uint8Array | null,
  serial: number,
  extended = false
): Buffer {
  const contentLength = content ? content.length : 0
  const lengthField = 1 + contentLength + 2 + 2
  const useExtended = extended || lengthField > MAX_SHORT_LENGTH_FIELD
  const headerLength = useExtended ? 4 : 3
  const packet = Buffer.allocUnsafe(headerLength + lengthField + 2)
  if (useExtended) {
    packet.writeUInt16BE(START_EXTENDED, 0)
    packet.writeUInt16BE(lengthField, 2)
  } else {
    packet.writeUInt16BE(START_SHORT, 0)
    packet[2] = lengthField
  }
  let offset = headerLength
  packet[offset++] = protocol
  if (content) {
    packet.set(content, offset)
    offset += content.length
  }
  packet.writeUInt16BE(serial & 0xffff, offset)
  offset += 2
  packet.writeUInt16BE(crc16X25(packet, 2, offset), offset)
  offset += 2
  packet.writeUInt16BE(STOP, offset)
  return packet
}

/** `78 78 05 <protocol> <serial> <CRC> 0D 0A`: login, heartbeat, alarm and location replies. */
export function encodeGt06Ack(protocol: number, serial: number): Buffer {
  return encodeGt06Packet(protocol, null, serial)
}

/** Reply to 0x8A: the server's UTC time as YY MM DD hh mm ss. */
export function encodeTimeResponse(now: Date, serial: number): Buffer {
  const content = Buffer.from([
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ])
  return encodeGt06Packet(MSG_TIME_REQUEST, content, serial)
}

export interface Gt06CommandOptions {
  /** Echoed by the device in its 0x15/0x21 reply, to match replies with commands. */
  serverFlag?: number
  serial?: number
}

/** 0x80 online command: length (flag + text) | server flag u32 | ASCII command. */
export function encodeGt06Command(command: string, options: Gt06CommandOptions = {}): Buffer {
  const text = Buffer.from(command, 'latin1')
  const content = Buffer.allocUnsafe(1 + 4 + text.length)
  content[0] = (4 + text.length) & 0xff
  content.writeUInt32BE((options.serverFlag ?? 0) >>> 0, 1)
  text.copy(content, 5)
  return encodeGt06Packet(MSG_COMMAND_0, content, options.serial ?? 0)
}

export function encodeEngineBlock(options: Gt06CommandOptions = {}): Buffer {
  return encodeGt06Command(ENGINE_BLOCK_COMMAND, options)
}

export function encodeEngineUnblock(options: Gt06CommandOptions = {}): Buffer {
  return encodeGt06Command(ENGINE_UNBLOCK_COMMAND, options)
}

/** Older models cut/restore oil and electricity with `DYD,<password>#` / `HFYD,<password>#`. */
export function legacyEngineCommand(block: boolean, password = '000000'): string {
  return `${block ? 'DYD' : 'HFYD'},${password}#`
}
