import { ChunkQueue } from '../chunk_queue.js'
import { FrameGarbageError } from '../frame_garbage_error.js'

export const RUPTELA_PROTOCOL = 'ruptela'

/** The largest payload a Ruptela device sends (a batch of extended records). */
const MAX_PAYLOAD_LENGTH = 4096

/** Splits a Ruptela TCP stream: length (2) | payload | CRC-16/Kermit (2). */
export class RuptelaFrameDecoder {
  private readonly queue = new ChunkQueue()

  get pendingBytes(): number {
    return this.queue.length
  }

  push(chunk: Buffer): Buffer[] {
    const data = this.queue.append(chunk)
    if (!data) return []
    const frames: Buffer[] = []
    let offset = 0
    let needed = 2
    while (data.length - offset >= 2) {
      const length = data.readUInt16BE(offset)
      if (length < 9 || length > MAX_PAYLOAD_LENGTH) {
        throw new FrameGarbageError(RUPTELA_PROTOCOL, `payload length ${length} out of range`)
      }
      if (data.length - offset < length + 4) {
        needed = length + 4
        break
      }
      frames.push(data.subarray(offset, offset + length + 4))
      offset += length + 4
    }
    this.queue.retain(data, offset, needed)
    return frames
  }
}
