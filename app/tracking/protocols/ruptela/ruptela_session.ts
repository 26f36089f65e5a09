import type net from 'node:net'
import type { CommandKind } from '../../server/command_dispatcher.js'
import {
  DeviceSession,
  InvalidFrameError,
  type SessionServices,
} from '../../server/device_session.js'
import { RuptelaFrameDecoder } from './ruptela_frame_decoder.js'
import { decodeRuptelaFrame } from './ruptela_decoder.js'
import { encodeRuptelaText } from './ruptela_encoder.js'

/**
 * Ruptela (FM-Eco, FM-Pro) over TCP: every frame names its IMEI; records and extended records
 * are stored, then acknowledged (the device resends what is not); identification and heartbeat
 * are answered; text commands go out as SMS-via-GPRS and their answers close the command.
 */
export class RuptelaSession extends DeviceSession {
  private readonly frames = new RuptelaFrameDecoder()

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'ruptela')
  }

  get pendingBytes() {
    return this.frames.pendingBytes
  }

  async receive(chunk: Buffer) {
    for (const frame of this.frames.push(chunk)) {
      const result = decodeRuptelaFrame(frame)
      if (result.kind === 'invalid') throw new InvalidFrameError(result.reason)
      if (!(await this.identify(result.imei))) {
        this.socket.end()
        return
      }
      if (result.kind === 'command_reply') {
        await this.services.commands.answered(this.device, result.text)
        continue
      }
      if (result.kind === 'positions' && result.positions.length > 0) {
        const positions = await Promise.all(
          result.positions.map((position) =>
            position.valid
              ? position
              : this.positionWithoutFix(position.attributes, position.fixTime)
          )
        )
        await this.services.ingest.positions(this.device, positions, {
          ipAddress: this.remoteAddress,
        })
      }
      if (result.reply) this.write(result.reply)
    }
  }

  /** Engine cut needs a model-specific output configuration: only text commands are sent. */
  send(kind: CommandKind, payload: string) {
    if (kind !== 'custom') return false
    this.write(encodeRuptelaText(payload))
    return true
  }
}
