import type net from 'node:net'
import type { CommandKind } from '../../server/command_dispatcher.js'
import {
  DeviceSession,
  InvalidFrameError,
  type SessionServices,
} from '../../server/device_session.js'
import { createGps103FrameDecoder } from './gps103_frame_decoder.js'
import { decodeGps103Frame } from './gps103_decoder.js'
import {
  encodeGps103Custom,
  encodeGps103EngineResume,
  encodeGps103EngineStop,
} from './gps103_encoder.js'

/**
 * GPS103 / TK103 over TCP (Coban): `##,imei:…,A` logs in (LOAD), a bare IMEI is a heartbeat
 * (ON); every report names its IMEI, so a device that skips the login is identified by its
 * first report. An SOS is answered once stored.
 */
export class Gps103Session extends DeviceSession {
  private readonly frames = createGps103FrameDecoder()

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'gps103')
  }

  get pendingBytes() {
    return this.frames.pendingBytes
  }

  async receive(chunk: Buffer) {
    for (const frame of this.frames.push(chunk)) {
      const result = decodeGps103Frame(frame, { now: new Date() })
      if (result.kind === 'invalid') throw new InvalidFrameError(result.reason)
      const loginReply = result.kind === 'login' ? Buffer.from(result.reply) : undefined
      const wasLoggedIn = this.loggedIn
      if (!(await this.identify(result.imei, loginReply))) {
        this.socket.end()
        return
      }
      if (result.kind === 'login') {
        if (wasLoggedIn) this.write(Buffer.from(result.reply))
        continue
      }
      if (result.kind !== 'heartbeat') await this.store(result)
      if (result.reply) this.write(Buffer.from(result.reply, 'latin1'))
    }
  }

  send(kind: CommandKind, payload: string) {
    const { imei } = this.device
    if (kind === 'engine_block') this.write(encodeGps103EngineStop(imei))
    else if (kind === 'engine_unblock') this.write(encodeGps103EngineResume(imei))
    else this.write(encodeGps103Custom(imei, payload))
    return true
  }
}
