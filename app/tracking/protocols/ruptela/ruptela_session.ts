import type net from 'node:net'
import type { Position } from '../../position.js'
import type { CommandKind } from '../../server/command_dispatcher.js'
import type { SessionServices } from '../../server/device_session.js'
import { BatchSession } from '../../server/identified_session.js'
import { RuptelaFrameDecoder } from './ruptela_frame_decoder.js'
import { decodeRuptelaFrame } from './ruptela_decoder.js'
import { encodeRuptelaText } from './ruptela_encoder.js'

/**
 * Ruptela (FM-Eco, FM-Pro) over TCP: every frame names its IMEI; records and extended records
 * are stored, then acknowledged (the device resends what is not); identification and heartbeat
 * are answered; text commands go out as SMS-via-GPRS and their answers close the command.
 */
export class RuptelaSession extends BatchSession {
  protected readonly frames = new RuptelaFrameDecoder()

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'ruptela')
  }

  protected decode(frame: Buffer) {
    return decodeRuptelaFrame(frame)
  }

  /** A record without a fix is stored at the last known place. */
  protected prepare(positions: Position[]) {
    return Promise.all(
      positions.map((position) =>
        position.valid ? position : this.positionWithoutFix(position.attributes, position.fixTime)
      )
    )
  }

  /** Engine cut needs a model-specific output configuration: only text commands are sent. */
  send(kind: CommandKind, payload: string) {
    if (kind !== 'custom') return false
    this.write(encodeRuptelaText(payload))
    return true
  }
}
