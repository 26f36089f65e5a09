import type net from 'node:net'
import type { CommandKind } from '../../server/command_dispatcher.js'
import type { SessionServices } from '../../server/device_session.js'
import { IdentifiedSession } from '../../server/identified_session.js'
import type { DeviceReport } from '../device_report.js'
import { H02FrameDecoder } from './h02_frame_decoder.js'
import { decodeH02Frame } from './h02_decoder.js'
import { encodeH02Custom, encodeH02EngineResume, encodeH02EngineStop } from './h02_encoder.js'

type H02Report = Exclude<DeviceReport, { kind: 'invalid' }>

/**
 * H02 over TCP (Sinotrack and many low-cost trackers): no login, the device id rides in every
 * frame; V1 locations and NBR cell reports are answered once stored, heartbeats echoed.
 */
export class H02Session extends IdentifiedSession<H02Report> {
  protected readonly frames = new H02FrameDecoder()

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'h02')
  }

  protected decode(frame: Buffer) {
    return decodeH02Frame(frame, { now: new Date() })
  }

  protected async handle(result: H02Report) {
    await this.store(result)
    if (result.kind === 'position') {
      const answer = result.position.attributes.result
      if (typeof answer === 'string') await this.services.commands.answered(this.device, answer)
    }
    if (result.reply) this.write(Buffer.from(result.reply, 'latin1'))
  }

  send(kind: CommandKind, payload: string) {
    const { imei } = this.device
    if (kind === 'engine_block') this.write(encodeH02EngineStop(imei, new Date()))
    else if (kind === 'engine_unblock') this.write(encodeH02EngineResume(imei, new Date()))
    else this.write(encodeH02Custom(imei, payload))
    return true
  }
}
