import type { Position } from '../position.js'
import { DeviceSession, InvalidFrameError } from './device_session.js'

/** A frame the family's decoder could not read. */
export interface InvalidFrame {
  kind: 'invalid'
  reason: string
}

/** Whole frames out of a TCP stream (the family's frame decoder). */
export interface FrameSplitter {
  readonly pendingBytes: number
  push(chunk: Buffer): Buffer[]
}

function isInvalid(result: { kind: string }): result is InvalidFrame {
  return result.kind === 'invalid'
}

/**
 * The session of a family whose every frame names its device (H02, GPS103, Meitrack, Ruptela,
 * Queclink): each frame is decoded, a frame that cannot be read closes the connection (nothing
 * stored, nothing acknowledged), the first frame identifies the device (an unknown one is
 * refused and the connection closed), then the family handles what the frame asks.
 */
export abstract class IdentifiedSession<
  Result extends { kind: string; imei: string },
> extends DeviceSession {
  protected abstract readonly frames: FrameSplitter

  get pendingBytes() {
    return this.frames.pendingBytes
  }

  protected abstract decode(frame: Buffer): Result | InvalidFrame

  /** What the frame asks once its device is known; `justLoggedIn` on the connection's first. */
  protected abstract handle(result: Result, justLoggedIn: boolean): Promise<void>

  /** Before the device is identified: the reply that goes out with the login, if any. */
  protected beforeIdentify(_result: Result): Buffer | undefined {
    return undefined
  }

  async receive(chunk: Buffer) {
    for (const frame of this.frames.push(chunk)) {
      const result = this.decode(frame)
      if (isInvalid(result)) throw new InvalidFrameError(result.reason)
      const wasLoggedIn = this.loggedIn
      if (!(await this.identify(result.imei, this.beforeIdentify(result)))) {
        this.socket.end()
        return
      }
      await this.handle(result, !wasLoggedIn)
    }
  }
}

/** What a frame of a family that sends batches of records (Meitrack, Ruptela) asks. */
export type BatchReport =
  | { kind: 'positions'; imei: string; positions: Position[]; reply: Buffer | null }
  /** The device's answer to a command: it closes the command, it is not a position. */
  | { kind: 'command_reply'; imei: string; text: string }
  | { kind: 'none'; imei: string; reply: Buffer | null }

/**
 * Batches of records: stored, then answered with the frame's reply (the device deletes what
 * was acknowledged); a command answer closes the command.
 */
export abstract class BatchSession extends IdentifiedSession<BatchReport> {
  /** The positions as stored (a family may place records without a fix). */
  protected async prepare(positions: Position[]): Promise<Position[]> {
    return positions
  }

  protected async handle(result: BatchReport) {
    if (result.kind === 'command_reply') {
      await this.services.commands.answered(this.device, result.text)
      return
    }
    if (result.kind === 'positions' && result.positions.length > 0) {
      await this.services.ingest.positions(this.device, await this.prepare(result.positions), {
        ipAddress: this.remoteAddress,
      })
    }
    if (result.reply) this.write(result.reply)
  }
}
