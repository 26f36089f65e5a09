import { ChunkQueue } from '../chunk_queue.js'
import { FrameGarbageError } from '../frame_garbage_error.js'

export const MEITRACK_PROTOCOL = 'meitrack'

const MAX_FRAME_LENGTH = 64 * 1024
const MAX_GARBAGE_BYTES = 512

/**
 * Splits a Meitrack TCP stream: `$$<flag><length>,<imei>,<command>,...*<checksum>\r\n`, the
 * length counting from the comma after it to the end of the frame (binary CCC/CCE batches
 * included, so their bytes are never searched for delimiters).
 */
export class MeitrackFrameDecoder {
  private readonly queue = new ChunkQueue()
  private garbage = 0

  get pendingBytes(): number {
    return this.queue.length
  }

  push(chunk: Buffer): Buffer[] {
    const data = this.queue.append(chunk)
    if (!data) return []
    const frames: Buffer[] = []
    let offset = 0
    let needed = 1
    while (offset < data.length) {
      if (data[offset] !== 0x24 || (offset + 1 < data.length && data[offset + 1] !== 0x24)) {
        if (++this.garbage > MAX_GARBAGE_BYTES) {
          throw new FrameGarbageError(MEITRACK_PROTOCOL, 'no frame start')
        }
        offset++
        continue
      }
      const comma = data.indexOf(0x2c, offset + 3)
      if (comma < 0 || comma - offset > 8) {
        if (comma < 0 && data.length - offset <= 8) {
          needed = data.length - offset + 1
          break
        }
        throw new FrameGarbageError(MEITRACK_PROTOCOL, 'frame without a length')
      }
      const digits = data.toString('latin1', offset + 3, comma)
      if (!/^\d+$/.test(digits)) throw new FrameGarbageError(MEITRACK_PROTOCOL, 'bad length')
      const length = comma - offset + Number(digits)
      if (length > MAX_FRAME_LENGTH) {
        throw new FrameGarbageError(MEITRACK_PROTOCOL, `frame length ${length} out of range`)
      }
      if (data.length - offset < length) {
        needed = length
        break
      }
      frames.push(data.subarray(offset, offset + length))
      offset += length
      this.garbage = 0
    }
    this.queue.retain(data, offset, needed)
    return frames
  }
}
