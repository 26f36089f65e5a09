import type net from 'node:net'
import { Gt06FrameDecoder } from './gt06_frame_decoder.js'
import { decodeGt06Frame } from './gt06_decoder.js'
import { encodeEngineBlock, encodeEngineUnblock, encodeGt06Command } from './gt06_encoder.js'
import type { CommandKind } from '../../server/command_dispatcher.js'
import {
  DeviceSession,
  InvalidFrameError,
  type SessionServices,
} from '../../server/device_session.js'

/** GT06/Concox over TCP: login, location, status and alarm packets, online commands (0x80). */
export class Gt06Session extends DeviceSession {
  private readonly frames = new Gt06FrameDecoder()
  private timeZoneOffsetMinutes: number | undefined
  private commandSerial = 1

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'gt06')
  }

  get pendingBytes() {
    return this.frames.pendingBytes
  }

  async receive(chunk: Buffer) {
    for (const frame of this.frames.push(chunk)) {
      const result = decodeGt06Frame(frame, {
        imei: this.current?.imei,
        timeZoneOffsetMinutes: this.timeZoneOffsetMinutes,
        now: new Date(),
      })
      if (result.kind === 'invalid') throw new InvalidFrameError(result.reason)
      if (result.kind === 'login') {
        if (!(await this.login(result.imei))) {
          this.socket.end()
          return
        }
        this.timeZoneOffsetMinutes = result.timeZoneOffsetMinutes
        this.write(result.reply)
        await this.afterLogin()
        continue
      }
      if (!this.current) throw new InvalidFrameError('data before login')

      if (result.kind === 'position') {
        await this.services.ingest.positions(this.device, [result.position], {
          ipAddress: this.remoteAddress,
        })
      } else if (result.kind === 'status') {
        await this.services.ingest.positions(this.device, [
          await this.positionWithoutFix(result.attributes),
        ])
      } else if (result.kind === 'command_reply') {
        await this.services.commands.answered(this.device, result.text)
      }
      if (result.reply) this.write(result.reply)
    }
  }

  send(kind: CommandKind, payload: string) {
    const options = { serial: this.commandSerial++ & 0xffff }
    if (kind === 'engine_block') this.write(encodeEngineBlock(options))
    else if (kind === 'engine_unblock') this.write(encodeEngineUnblock(options))
    else this.write(encodeGt06Command(payload, options))
    return true
  }
}
