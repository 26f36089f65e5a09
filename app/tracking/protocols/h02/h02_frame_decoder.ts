import { ChunkQueue } from '../chunk_queue.js'
import { FrameGarbageError } from '../frame_garbage_error.js'

export const H02_PROTOCOL = 'h02'

const TEXT_START = 0x2a // '*'
const TEXT_END = 0x23 // '#'
const BINARY_START = 0x24 // '$'
/** Binary frame lengths of the models seen: 32 (short), 45 (long), 48 (with extra data). */
const BINARY_LENGTHS = [32, 45, 48]
const MAX_TEXT_LENGTH = 1024
const MAX_GARBAGE_BYTES = 512

function isStart(byte: number | undefined) {
  return byte === TEXT_START || byte === BINARY_START
}

/**
 * Splits an H02 TCP stream: text frames `*XX,...#` (line breaks after them skipped) and
 * binary `$` frames of a fixed length that depends on the model. The binary
 * length is learned from the first binary frame of the connection: the length after which
 * the next frame starts (or the stream ends).
 */
export class H02FrameDecoder {
  private readonly queue = new ChunkQueue()
  private binaryLength = 0
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
      const marker = data[offset]
      if (marker === 0x0d || marker === 0x0a) {
        offset++
        continue
      }
      if (!isStart(marker)) {
        if (++this.garbage > MAX_GARBAGE_BYTES) {
          throw new FrameGarbageError(H02_PROTOCOL, 'no frame start')
        }
        offset++
        continue
      }
      if (marker === TEXT_START) {
        const end = data.indexOf(TEXT_END, offset + 1)
        if (end < 0) {
          if (data.length - offset > MAX_TEXT_LENGTH) {
            throw new FrameGarbageError(H02_PROTOCOL, 'text frame without end')
          }
          needed = data.length - offset + 1
          break
        }
        frames.push(data.subarray(offset, end + 1))
        offset = end + 1
        this.garbage = 0
        continue
      }
      const length = this.binaryLength || this.learnBinaryLength(data, offset)
      if (length === 0 || data.length - offset < length) {
        const available = data.length - offset
        needed = length || (BINARY_LENGTHS.find((candidate) => candidate > available) ?? 1)
        break
      }
      this.binaryLength = length
      frames.push(data.subarray(offset, offset + length))
      offset += length
      this.garbage = 0
    }
    this.queue.retain(data, offset, needed)
    return frames
  }

  /**
   * 0 while the bytes buffered cannot tell yet: a length is taken when the next frame starts
   * right after it, or when the stream holds exactly that many bytes (a device sends one
   * frame and waits), as Traccar does for 32 and 45.
   */
  private learnBinaryLength(data: Buffer, offset: number): number {
    const available = data.length - offset
    for (const length of BINARY_LENGTHS) {
      if (available === length) return length
      if (available > length && isStart(data[offset + length])) return length
    }
    return available > BINARY_LENGTHS[BINARY_LENGTHS.length - 1] ? BINARY_LENGTHS[0] : 0
  }
}
