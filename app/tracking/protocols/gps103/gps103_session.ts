import type net from 'node:net'
import type { CommandKind } from '../../server/command_dispatcher.js'
import type { SessionServices } from '../../server/device_session.js'
import { IdentifiedSession } from '../../server/identified_session.js'
import { createGps103FrameDecoder } from './gps103_frame_decoder.js'
import { decodeGps103Frame, type Gps103Result } from './gps103_decoder.js'
import {
  encodeGps103Custom,
  encodeGps103EngineResume,
  encodeGps103EngineStop,
} from './gps103_encoder.js'

type Gps103Frame = Exclude<Gps103Result, { kind: 'invalid' }>

/**
 * GPS103 / TK103 over TCP (Coban): `##,imei:…,A` logs in (LOAD), a bare IMEI is a heartbeat
 * (ON); every report names its IMEI, so a device that skips the login is identified by its
 * first report. An SOS is answered once stored.
 */
export class Gps103Session extends IdentifiedSession<Gps103Frame> {
  protected readonly frames = createGps103FrameDecoder()

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'gps103')
  }

  protected decode(frame: Buffer) {
    return decodeGps103Frame(frame, { now: new Date() })
  }

  /** LOAD goes out with the login, before any queued command. */
  protected beforeIdentify(result: Gps103Frame) {
    return result.kind === 'login' ? Buffer.from(result.reply) : undefined
  }

  protected async handle(result: Gps103Frame, justLoggedIn: boolean) {
    if (result.kind === 'login') {
      // A login on a connection already logged in is answered again.
      if (!justLoggedIn) this.write(Buffer.from(result.reply))
      return
    }
    if (result.kind !== 'heartbeat') await this.store(result)
    if (result.reply) this.write(Buffer.from(result.reply, 'latin1'))
  }

  send(kind: CommandKind, payload: string) {
    const { imei } = this.device
    if (kind === 'engine_block') this.write(encodeGps103EngineStop(imei))
    else if (kind === 'engine_unblock') this.write(encodeGps103EngineResume(imei))
    else this.write(encodeGps103Custom(imei, payload))
    return true
  }
}
