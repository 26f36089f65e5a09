import type net from 'node:net'
import { TeltonikaFrameDecoder } from './teltonika_frame_decoder.js'
import { decodeTeltonikaLogin, decodeTeltonikaPacket } from './teltonika_decoder.js'
import {
  customCommandPayload,
  encodeAck,
  encodeCodec12Command,
  encodeEngineBlock,
  encodeEngineUnblock,
  encodeLoginReply,
} from './teltonika_encoder.js'
import { outputsStatedBy, type CommandKind } from '../../server/command_dispatcher.js'
import {
  DeviceSession,
  InvalidFrameError,
  type SessionServices,
} from '../../server/device_session.js'

/** Teltonika over TCP: IMEI login, AVL packets acknowledged after commit, Codec 12 commands. */
export class TeltonikaSession extends DeviceSession {
  private readonly frames = new TeltonikaFrameDecoder()

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'teltonika')
  }

  get pendingBytes() {
    return this.frames.pendingBytes
  }

  async receive(chunk: Buffer) {
    for (const frame of this.frames.push(chunk)) {
      if (frame.kind === 'keepalive') continue
      if (frame.kind === 'login') {
        const login = decodeTeltonikaLogin(frame.data)
        if (!login.ok) throw new InvalidFrameError(login.reason)
        if (!(await this.login(login.imei))) {
          this.write(encodeLoginReply(false))
          this.socket.end()
          return
        }
        this.write(encodeLoginReply(true))
        await this.afterLogin()
        continue
      }
      const packet = decodeTeltonikaPacket(frame.data, this.device.imei)
      if (packet.kind === 'invalid') throw new InvalidFrameError(packet.reason)
      if (packet.kind === 'responses') {
        for (const response of packet.responses) {
          // Outputs first: the answered update makes the vehicle page reload them.
          await this.services.ingest.outputs(this.device, outputsStatedBy(response.text))
          await this.services.commands.answered(this.device, response.text)
        }
        continue
      }
      await this.services.ingest.positions(this.device, packet.positions, {
        ipAddress: this.remoteAddress,
      })
      this.write(encodeAck(packet.recordCount))
    }
  }

  send(kind: CommandKind, payload: string) {
    if (kind === 'engine_block') this.write(encodeEngineBlock())
    else if (kind === 'engine_unblock') this.write(encodeEngineUnblock())
    else this.write(encodeCodec12Command(customCommandPayload(payload)))
    return true
  }
}
