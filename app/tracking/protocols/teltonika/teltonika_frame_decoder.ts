import { ChunkQueue } from '../chunk_queue.js'
import { FrameGarbageError } from '../frame_garbage_error.js'
import {
  AVL_CRC_LENGTH,
  AVL_HEADER_LENGTH,
  AVL_MAX_FRAME_LENGTH,
  AVL_MIN_DATA_LENGTH,
  IMEI_MAX_DIGITS,
  IMEI_MIN_DIGITS,
  KEEPALIVE_BYTE,
  TELTONIKA_PROTOCOL,
} from './teltonika_constants.js'

export type TeltonikaFrame =
  { kind: 'login'; data: Buffer } | { kind: 'avl'; data: Buffer } | { kind: 'keepalive' }

export interface TeltonikaFrameDecoderOptions {
  /** Largest accepted AVL frame, header and CRC included. */
  maxFrameLength?: number
  /** A connection starts with the IMEI login (TCP); false to split AVL packets only. */
  expectLogin?: boolean
}

const KEEPALIVE_FRAME: TeltonikaFrame = Object.freeze({ kind: 'keepalive' })

/**
 * Splits a Teltonika TCP byte stream into whole frames: the IMEI login first, then AVL packets
 * and single 0xFF keep-alive bytes. Throws FrameGarbageError on a stream that cannot be
 * Teltonika (and keeps throwing): the caller closes the connection.
 */
export class TeltonikaFrameDecoder {
  private readonly queue = new ChunkQueue()
  private readonly maxFrameLength: number
  private awaitingLogin: boolean
  private failure: FrameGarbageError | null = null

  constructor(options: TeltonikaFrameDecoderOptions = {}) {
    this.maxFrameLength = options.maxFrameLength ?? AVL_MAX_FRAME_LENGTH
    this.awaitingLogin = options.expectLogin ?? true
  }

  /** Bytes received but not yet part of a whole frame. */
  get pendingBytes(): number {
    return this.queue.length
  }

  push(chunk: Buffer): TeltonikaFrame[] {
    if (this.failure) throw this.failure
    const data = this.queue.append(chunk)
    if (!data) return []

    const frames: TeltonikaFrame[] = []
    let offset = 0
    let needed = 0
    try {
      while (needed === 0) {
        const available = data.length - offset
        if (this.awaitingLogin) {
          needed = this.loginFrameLength(data, offset, available)
          if (needed <= available) {
            frames.push({ kind: 'login', data: data.subarray(offset, offset + needed) })
            offset += needed
            needed = 0
            this.awaitingLogin = false
          }
          continue
        }
        if (available === 0) {
          needed = 1
        } else if (data[offset] === KEEPALIVE_BYTE) {
          frames.push(KEEPALIVE_FRAME)
          offset++
        } else {
          needed = this.avlFrameLength(data, offset, available)
          if (needed <= available) {
            frames.push({ kind: 'avl', data: data.subarray(offset, offset + needed) })
            offset += needed
            needed = 0
          }
        }
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

  reset(expectLogin = true): void {
    this.queue.clear()
    this.failure = null
    this.awaitingLogin = expectLogin
  }

  /** Returns the whole login frame length (or the bytes needed to know it). */
  private loginFrameLength(data: Buffer, offset: number, available: number): number {
    if (available < 2) return 2
    const digits = data.readUInt16BE(offset)
    if (digits < IMEI_MIN_DIGITS || digits > IMEI_MAX_DIGITS) {
      throw new FrameGarbageError(TELTONIKA_PROTOCOL, `IMEI length ${digits} out of range`)
    }
    return 2 + digits
  }

  /** Returns the whole AVL frame length (or the bytes needed to know it). */
  private avlFrameLength(data: Buffer, offset: number, available: number): number {
    const preambleBytes = Math.min(available, 4)
    for (let i = 0; i < preambleBytes; i++) {
      if (data[offset + i] !== 0) {
        throw new FrameGarbageError(TELTONIKA_PROTOCOL, 'bad AVL preamble')
      }
    }
    if (available < AVL_HEADER_LENGTH) return AVL_HEADER_LENGTH
    const dataLength = data.readUInt32BE(offset + 4)
    const frameLength = AVL_HEADER_LENGTH + dataLength + AVL_CRC_LENGTH
    if (dataLength < AVL_MIN_DATA_LENGTH || frameLength > this.maxFrameLength) {
      throw new FrameGarbageError(TELTONIKA_PROTOCOL, `AVL data length ${dataLength} out of range`)
    }
    return frameLength
  }
}
