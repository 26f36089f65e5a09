import { FrameGarbageError } from '../frame_garbage_error.js'
import { MarkerFrameDecoder, type FrameStep } from '../marker_frame_decoder.js'

export const H02_PROTOCOL = 'h02'

const TEXT_START = 0x2a // '*'
const TEXT_END = 0x23 // '#'
const BINARY_START = 0x24 // '$'
/** Binary frame lengths of the models seen: 32 (short), 45 (long), 48 (with extra data). */
const BINARY_LENGTHS = [32, 45, 48]
const MAX_TEXT_LENGTH = 1024

function isStart(byte: number | undefined) {
  return byte === TEXT_START || byte === BINARY_START
}

/**
 * Splits an H02 TCP stream: text frames `*XX,...#` (line breaks after them skipped) and
 * binary `$` frames of a fixed length that depends on the model. The binary
 * length is learned from the first binary frame of the connection: the length after which
 * the next frame starts (or the stream ends).
 */
export class H02FrameDecoder extends MarkerFrameDecoder {
  private binaryLength = 0

  constructor() {
    super(H02_PROTOCOL)
  }

  protected step(data: Buffer, offset: number): FrameStep {
    const marker = data[offset]
    if (marker === 0x0d || marker === 0x0a) return { kind: 'skip', bytes: 1 }
    if (!isStart(marker)) return { kind: 'noise' }
    if (marker === TEXT_START) {
      const end = data.indexOf(TEXT_END, offset + 1)
      if (end >= 0) return { kind: 'frame', length: end + 1 - offset }
      if (data.length - offset > MAX_TEXT_LENGTH) {
        throw new FrameGarbageError(H02_PROTOCOL, 'text frame without end')
      }
      return { kind: 'wait', needed: data.length - offset + 1 }
    }
    const length = this.binaryLength || this.learnBinaryLength(data, offset)
    const available = data.length - offset
    if (length === 0 || available < length) {
      const needed = length || (BINARY_LENGTHS.find((candidate) => candidate > available) ?? 1)
      return { kind: 'wait', needed }
    }
    this.binaryLength = length
    return { kind: 'frame', length }
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
