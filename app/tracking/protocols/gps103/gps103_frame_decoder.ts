import { DelimitedFrameDecoder } from '../delimited_frame_decoder.js'

export const GPS103_PROTOCOL = 'gps103'

/** GPS103 frames end with `;`, a line break, or `*` (the alternative layout). */
export function createGps103FrameDecoder() {
  return new DelimitedFrameDecoder(GPS103_PROTOCOL, {
    delimiters: [0x3b, 0x0d, 0x0a, 0x2a],
    // A photo packet carries about 1 KB of hex.
    maxFrameLength: 4096,
  })
}
