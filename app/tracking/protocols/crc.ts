/**
 * CRC-16 variants used by the tracker protocols, table driven.
 *
 * - CRC-16/ARC (a.k.a. CRC-16/IBM): reflected poly 0xA001, init 0x0000, no final xor (Teltonika).
 * - CRC-16/X-25 (a.k.a. CRC-ITU as Concox uses it): reflected poly 0x8408, init 0xFFFF,
 *   final xor 0xFFFF (GT06).
 * - CRC-16/KERMIT: reflected poly 0x8408, init 0x0000, no final xor (Ruptela).
 */

function reflectedTable(poly: number): Uint16Array {
  const table = new Uint16Array(256)
  for (let n = 0; n < 256; n++) {
    let crc = n
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1
    }
    table[n] = crc
  }
  return table
}

const ARC_TABLE = reflectedTable(0xa001)
const X25_TABLE = reflectedTable(0x8408)

export function crc16Arc(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ ARC_TABLE[(crc ^ data[i]) & 0xff]
  }
  return crc
}

export function crc16X25(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ X25_TABLE[(crc ^ data[i]) & 0xff]
  }
  return (crc ^ 0xffff) & 0xffff
}

export function crc16Kermit(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ X25_TABLE[(crc ^ data[i]) & 0xff]
  }
  return crc
}
