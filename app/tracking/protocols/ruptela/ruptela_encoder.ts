import { crc16Kermit } from '../crc.js'

/** A server message: length (2) | 100 + command | content | CRC-16/Kermit over command and content. */
export function encodeRuptelaMessage(command: number, content: Buffer = Buffer.alloc(0)): Buffer {
  const frame = Buffer.alloc(2 + 1 + content.length + 2)
  frame.writeUInt16BE(1 + content.length, 0)
  frame[2] = 100 + command
  content.copy(frame, 3)
  frame.writeUInt16BE(crc16Kermit(frame, 2, frame.length - 2), frame.length - 2)
  return frame
}

/**
 * The positive answer to a device message: 100 + its command and a 1, but records (1) and
 * extended records (68) are answered as command 0 (`0002640113bc`).
 */
export function encodeRuptelaAck(command: number): Buffer {
  const records = command === 1 || command === 68
  return encodeRuptelaMessage(records ? 0 : command, Buffer.from([1]))
}

/** A text command, sent as "SMS via GPRS" (8) the way the device reads SMS commands. */
export function encodeRuptelaText(text: string): Buffer {
  return encodeRuptelaMessage(8, Buffer.from(text, 'latin1'))
}
