import { ChunkQueue } from './chunk_queue.js'
import { FrameGarbageError } from './frame_garbage_error.js'

export interface DelimitedFrameDecoderOptions {
  /** Bytes that end a frame (the delimiter is not part of the frame). */
  delimiters: readonly number[]
  /** Longest frame accepted; a longer run without a delimiter closes the connection. */
  maxFrameLength: number
}

/**
 * Splits a text protocol's TCP stream into frames ended by any of a few delimiter bytes
 * (GPS103 ends frames with `;`, a line break or `*`). Empty frames between two delimiters
 * are skipped. Throws FrameGarbageError on a frame longer than the limit; the caller closes
 * the connection.
 */
export class DelimitedFrameDecoder {
  private readonly queue = new ChunkQueue()
  private readonly isDelimiter = new Uint8Array(256)

  constructor(
    private readonly protocol: string,
    private readonly options: DelimitedFrameDecoderOptions
  ) {
    for (const byte of options.delimiters) this.isDelimiter[byte] = 1
  }

  get pendingBytes(): number {
    return this.queue.length
  }

  push(chunk: Buffer): Buffer[] {
    const data = this.queue.append(chunk)
    if (!data) return []
    const frames: Buffer[] = []
    let start = 0
    for (let index = 0; index < data.length; index++) {
      if (this.isDelimiter[data[index]] !== 1) continue
      if (index > start) frames.push(data.subarray(start, index))
      start = index + 1
    }
    if (data.length - start > this.options.maxFrameLength) {
      this.queue.clear()
      throw new FrameGarbageError(
        this.protocol,
        `no frame end within ${this.options.maxFrameLength} bytes`
      )
    }
    this.queue.retain(data, start, 1)
    return frames
  }
}
