import { crc16Arc } from '#tracking/protocols/crc'

/** A Codec 8 packet of one record: ignition on (IO 239), then a 16-byte element (IO 156). */
export function codec8Packet(withSixteenByteGroup: boolean) {
  const gps = Buffer.alloc(24)
  gps.writeUInt32BE(0x0000018c, 0)
  gps.writeUInt32BE(0x2a3b4c5d, 4)
  gps.writeInt32BE(289795000, 9)
  gps.writeInt32BE(410151000, 13)
  gps.writeInt16BE(42, 17)
  gps.writeUInt16BE(90, 19)
  gps[21] = 9
  gps.writeUInt16BE(57, 22)
  const io = Buffer.from([0xef, withSixteenByteGroup ? 2 : 1, 1, 0xef, 1, 0, 0, 0])
  const sixteen = withSixteenByteGroup
    ? Buffer.concat([Buffer.from([1, 156]), Buffer.from('00112233445566778899aabbccddeeff', 'hex')])
    : Buffer.alloc(0)
  const data = Buffer.concat([Buffer.from([0x08, 1]), gps, io, sixteen, Buffer.from([1])])
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 4)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc16Arc(data))
  return Buffer.concat([head, data, crc])
}
