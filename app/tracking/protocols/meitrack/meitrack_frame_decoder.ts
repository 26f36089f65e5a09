import { FrameGarbageError } from '../frame_garbage_error.js'
import { MarkerFrameDecoder, type FrameStep } from '../marker_frame_decoder.js'

export const MEITRACK_PROTOCOL = 'meitrack'

const MAX_FRAME_LENGTH = 64 * 1024

/**
 * Splits a Meitrack TCP stream: `$$<flag><length>,<imei>,<command>,...*<checksum>\r\n`, the
 * length counting from the comma after it to the end of the frame (binary CCC/CCE batches
 * included, so their bytes are never searched for delimiters).
 */
export class MeitrackFrameDecoder extends MarkerFrameDecoder {
  constructor() {
    super(MEITRACK_PROTOCOL)
  }

  protected step(data: Buffer, offset: number): FrameStep {
    if (data[offset] !== 0x24 || (offset + 1 < data.length && data[offset + 1] !== 0x24)) {
      return { kind: 'noise' }
    }
    const comma = data.indexOf(0x2c, offset + 3)
    if (comma < 0 || comma - offset > 8) {
      if (comma < 0 && data.length - offset <= 8) {
        return { kind: 'wait', needed: data.length - offset + 1 }
      }
      throw new FrameGarbageError(MEITRACK_PROTOCOL, 'frame without a length')
    }
    const digits = data.toString('latin1', offset + 3, comma)
    if (!/^\d+$/.test(digits)) throw new FrameGarbageError(MEITRACK_PROTOCOL, 'bad length')
    const length = comma - offset + Number(digits)
    if (length > MAX_FRAME_LENGTH) {
      throw new FrameGarbageError(MEITRACK_PROTOCOL, `frame length ${length} out of range`)
    }
    if (data.length - offset < length) return { kind: 'wait', needed: length }
    return { kind: 'frame', length }
  }
}
