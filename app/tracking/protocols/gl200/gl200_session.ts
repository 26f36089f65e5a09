import type net from 'node:net'
import type { CommandKind } from '../../server/command_dispatcher.js'
import type { SessionServices } from '../../server/device_session.js'
import { IdentifiedSession } from '../../server/identified_session.js'
import { createGl200FrameDecoder } from './gl200_frame_decoder.js'
import { decodeGl200Frame, type Gl200Result } from './gl200_decoder.js'
import {
  encodeGl200Custom,
  encodeGl200EngineResume,
  encodeGl200EngineStop,
} from './gl200_encoder.js'

type Gl200Frame = Exclude<Gl200Result, { kind: 'invalid' }>

/**
 * Queclink @Track over TCP (GV/GL series): every frame names its IMEI. Reports are stored,
 * then acknowledged `+SACK:<count>$` (a device set up with SACK enabled, as the setup
 * commands do, resends what is not acknowledged; one without ignores it); heartbeats are
 * answered `+SACK:GTHBD,...`; `+ACK:GT<command>` closes a command. Engine stop/resume set
 * output 1 with AT+GTOUT and the device's password (the factory one: its model in lower case,
 * learned from the protocol version of its frames).
 */
export class Gl200Session extends IdentifiedSession<Gl200Frame> {
  protected readonly frames = createGl200FrameDecoder()
  private model: string | null = null

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'gl200')
  }

  protected decode(frame: Buffer) {
    return decodeGl200Frame(frame)
  }

  /** The model is learned before the login: a command queued for the device goes out with it. */
  protected beforeIdentify(result: Gl200Frame) {
    if ('model' in result && result.model) this.model = result.model
    return undefined
  }

  protected async handle(result: Gl200Frame) {
    if (result.kind === 'heartbeat') {
      this.write(Buffer.from(result.reply, 'latin1'))
    } else if (result.kind === 'command_reply') {
      await this.store({
        kind: 'status',
        imei: result.imei,
        fixTime: result.fixTime,
        attributes: { result: result.text },
        reply: null,
      })
      await this.services.commands.answered(this.device, result.text)
    } else if (result.kind === 'positions') {
      await this.services.ingest.positions(this.device, result.positions, {
        ipAddress: this.remoteAddress,
      })
      this.write(Buffer.from(result.ack, 'latin1'))
    } else if (result.kind === 'status') {
      await this.store(result)
      this.write(Buffer.from(result.ack, 'latin1'))
    }
  }

  /** The device's password: the factory one of its model (`gv300`, `gl300`, ...). */
  private get password() {
    return (this.model ?? '').toLowerCase().replaceAll(' ', '')
  }

  send(kind: CommandKind, payload: string) {
    if (kind === 'engine_block') this.write(encodeGl200EngineStop(this.password))
    else if (kind === 'engine_unblock') this.write(encodeGl200EngineResume(this.password))
    else this.write(encodeGl200Custom(payload))
    return true
  }
}
