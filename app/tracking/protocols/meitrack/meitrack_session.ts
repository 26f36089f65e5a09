import type net from 'node:net'
import type { CommandKind } from '../../server/command_dispatcher.js'
import type { SessionServices } from '../../server/device_session.js'
import { BatchSession } from '../../server/identified_session.js'
import { MeitrackFrameDecoder } from './meitrack_frame_decoder.js'
import { decodeMeitrackFrame } from './meitrack_decoder.js'
import {
  encodeMeitrackCustom,
  encodeMeitrackEngineResume,
  encodeMeitrackEngineStop,
} from './meitrack_encoder.js'

/**
 * Meitrack (MVT, T1/T3, T3xx) over TCP: every frame names its IMEI; AAA reports and CCE batches
 * are stored, CCC batches stored then answered with their count; command answers close the
 * command; engine stop/resume set output 1 with C01.
 */
export class MeitrackSession extends BatchSession {
  protected readonly frames = new MeitrackFrameDecoder()

  constructor(socket: net.Socket, services: SessionServices) {
    super(socket, services, 'meitrack')
  }

  protected decode(frame: Buffer) {
    return decodeMeitrackFrame(frame)
  }

  send(kind: CommandKind, payload: string) {
    const { imei } = this.device
    if (kind === 'engine_block') this.write(encodeMeitrackEngineStop(imei))
    else if (kind === 'engine_unblock') this.write(encodeMeitrackEngineResume(imei))
    else this.write(encodeMeitrackCustom(imei, payload))
    return true
  }
}
