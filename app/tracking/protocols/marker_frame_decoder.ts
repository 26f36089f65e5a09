import { ChunkQueue } from './chunk_queue.js'
import { FrameGarbageError } from './frame_garbage_error.js'

/** What the bytes at an offset of the stream are, as a family's splitter reads them. */
export type FrameStep =
  /** Not a frame start: one byte of noise, skipped (too many in a row close the connection). */
  | { kind: 'noise' }
  /** Bytes between frames that are not noise (line breaks after a text frame). */
  | { kind: 'skip'; bytes: number }
  /** A whole frame of `length` bytes starts here. */
  | { kind: 'frame'; length: number }
  /** A frame starts here; the step can tell more once `needed` bytes from here are buffered. */
  | { kind: 'wait'; needed: number }

const MAX_GARBAGE_BYTES = 512

/**
 * Splits a TCP stream whose frames begin with a start marker (H02 `*`/`$`, Meitrack `$$`):
 * the family's `step` says what is at each offset; noise before a frame start is skipped,
 * up to 512 bytes in a row (more is a stream that cannot be the protocol: FrameGarbageError).
 */
export abstract class MarkerFrameDecoder {
  private readonly queue = new ChunkQueue()
  private garbage = 0

  constructor(protected readonly protocol: string) {}

  get pendingBytes(): number {
    return this.queue.length
  }

  protected abstract step(data: Buffer, offset: number): FrameStep

  push(chunk: Buffer): Buffer[] {
    const data = this.queue.append(chunk)
    if (!data) return []
    const frames: Buffer[] = []
    let offset = 0
    let needed = 1
    while (offset < data.length) {
      const step = this.step(data, offset)
      if (step.kind === 'noise') {
        if (++this.garbage > MAX_GARBAGE_BYTES) {
          throw new FrameGarbageError(this.protocol, 'no frame start')
        }
        offset++
      } else if (step.kind === 'skip') {
        offset += step.bytes
      } else if (step.kind === 'wait') {
        needed = step.needed
        break
      } else {
        frames.push(data.subarray(offset, offset + step.length))
        offset += step.length
        this.garbage = 0
      }
    }
    this.queue.retain(data, offset, needed)
    return frames
  }
}
