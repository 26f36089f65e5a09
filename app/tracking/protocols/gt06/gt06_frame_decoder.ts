import { ChunkQueue } from '../chunk_queue.js'
import { FrameGarbageError } from '../frame_garbage_error.js'
import {
  GT06_PROTOCOL,
  MAX_EXTENDED_FRAME_LENGTH,
  MIN_LENGTH_FIELD,
  START_EXTENDED,
  START_SHORT,
  STOP,
} from './gt06_constants.js'

export interface Gt06FrameDecoderOptions {
  /** Largest 0x7979 frame accepted, start and stop bytes included. */
  maxFrameLength?: number
  /** Noise tolerated between frames (once a first frame was seen) before giving up. */
  maxGarbageBytes?: number
}

const DEFAULT_MAX_GARBAGE_BYTES = 512

function isStartAt(data: Buffer, index: number): boolean {
  const byte = data[index]
  return (byte === 0x78 || byte === 0x79) && data[index + 1] === byte
}

/**
 * Splits a GT06/Concox TCP byte stream into whole frames (`78 78 len ... 0D 0A` and
 * `79 79 len(2) ... 0D 0A`). A frame whose length field disagrees with its stop bytes is cut
 * at the first 0D 0A inside the declared span (the decoder then rejects it); noise between
 * frames is skipped. Throws FrameGarbageError when the stream does not start with a frame,
 * declares an absurd length or carries too much noise; the caller closes the connection.
 */
export class Gt06FrameDecoder {
  private readonly queue = new ChunkQueue()
  private readonly maxFrameLength: number
  private readonly maxGarbageBytes: number
  private synced = false
  private garbageInARow = 0
  private failure: FrameGarbageError | null = null
  /** Noise bytes skipped since the connection started. */
  skippedBytes = 0

  constructor(options: Gt06FrameDecoderOptions = {}) {
    this.maxFrameLength = options.maxFrameLength ?? MAX_EXTENDED_FRAME_LENGTH
    this.maxGarbageBytes = options.maxGarbageBytes ?? DEFAULT_MAX_GARBAGE_BYTES
  }

  get pendingBytes(): number {
    return this.queue.length
  }

  push(chunk: Buffer): Buffer[] {
    if (this.failure) throw this.failure
    const data = this.queue.append(chunk)
    if (!data) return []
    const frames: Buffer[] = []
    let offset = 0
    let needed = 0
    try {
      while (needed === 0) {
        const available = data.length - offset
        if (available < 2) {
          needed = 2
          break
        }
        const start = data.readUInt16BE(offset)
        if (start !== START_SHORT && start !== START_EXTENDED) {
          offset = this.skipNoise(offset, this.nextStart(data, offset + 1))
          continue
        }
        const headerLength = start === START_SHORT ? 3 : 4
        if (available < headerLength) {
          needed = headerLength
          break
        }
        const lengthField = start === START_SHORT ? data[offset + 2] : data.readUInt16BE(offset + 2)
        const frameLength = headerLength + lengthField + 2
        if (frameLength > this.maxFrameLength) {
          throw new FrameGarbageError(GT06_PROTOCOL, `frame length ${frameLength} out of range`)
        }
        if (lengthField < MIN_LENGTH_FIELD) {
          offset = this.skipNoise(offset, this.nextStart(data, offset + 2))
          continue
        }
        if (available < frameLength) {
          needed = frameLength
          break
        }
        let end = offset + frameLength
        if (data.readUInt16BE(end - 2) !== STOP) {
          // Either a frame with a wrong length field (cut it at its 0D 0A) or a false start
          // inside noise (resume at the next start marker, if one comes before that 0D 0A).
          const next = this.nextStart(data, offset + 1)
          end = this.stopWithin(data, offset + headerLength + 1, end - 2)
          if (end < 0 || next < end - 2) {
            offset = this.skipNoise(offset, next)
            continue
          }
        }
        frames.push(data.subarray(offset, end))
        offset = end
        this.synced = true
        this.garbageInARow = 0
      }
    } catch (error) {
      if (error instanceof FrameGarbageError) {
        this.failure = error
        this.queue.clear()
      }
      throw error
    }
    this.queue.retain(data, offset, needed)
    return frames
  }

  reset(): void {
    this.queue.clear()
    this.failure = null
    this.synced = false
    this.garbageInARow = 0
    this.skippedBytes = 0
  }

  /** Index of the next start marker at or after `from` (a lone last 0x78/0x79 may begin one). */
  private nextStart(data: Buffer, from: number): number {
    const last = data.length - 1
    for (let i = from; i < last; i++) {
      if (isStartAt(data, i)) return i
    }
    const tail = data[last]
    return from <= last && (tail === 0x78 || tail === 0x79) ? last : data.length
  }

  /** End (exclusive) of the first 0D 0A within [from, to], or -1. */
  private stopWithin(data: Buffer, from: number, to: number): number {
    for (let i = from; i <= to; i++) {
      if (data[i] === 0x0d && data[i + 1] === 0x0a) return i + 2
    }
    return -1
  }

  private skipNoise(offset: number, next: number): number {
    if (!this.synced)
      throw new FrameGarbageError(GT06_PROTOCOL, 'stream does not start with a frame')
    const skipped = next - offset
    this.skippedBytes += skipped
    this.garbageInARow += skipped
    if (this.garbageInARow > this.maxGarbageBytes) {
      throw new FrameGarbageError(GT06_PROTOCOL, `${this.garbageInARow} bytes of noise`)
    }
    return next
  }
}
