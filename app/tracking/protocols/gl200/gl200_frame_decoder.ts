import { DelimitedFrameDecoder } from '../delimited_frame_decoder.js'

export const GL200_PROTOCOL = 'gl200'

/** Queclink @Track frames (`+RESP:`, `+BUFF:`, `+ACK:`) end with `$`. */
export function createGl200FrameDecoder() {
  return new DelimitedFrameDecoder(GL200_PROTOCOL, {
    delimiters: [0x24],
    // CAN and ERI reports with many accessories run to about 1 KB.
    maxFrameLength: 4096,
  })
}
