import { H02FrameDecoder } from '../protocols/h02/h02_frame_decoder.js'
import type { DeviceClientSettings } from './device_client.js'
import { LOGIN_ACK, TcpDeviceClient, type Exchange } from './tcp_device_client.js'
import {
  encodeH02CommandReply,
  encodeH02Heartbeat,
  encodeH02Location,
} from './text_device_encoder.js'
import type { VehicleModel } from './vehicle_model.js'

const LOCATION_ACK = 'V1'

/**
 * A Sinotrack-style H02 tracker: a V0 heartbeat on connecting (the server identifies it and
 * echoes), then one V1 location per record, each answered V4; S20 commands switch the relay
 * and are answered V4 with DONE.
 */
export class H02Client extends TcpDeviceClient {
  private frames = new H02FrameDecoder()

  constructor(imei: string, model: VehicleModel, settings: DeviceClientSettings) {
    super(imei, model, settings)
  }

  protected loginFrame(): Buffer {
    return encodeH02Heartbeat(this.imei)
  }

  protected resetConnectionState(): void {
    this.frames = new H02FrameDecoder()
  }

  protected receive(chunk: Buffer): void {
    for (const frame of this.frames.push(chunk)) {
      const fields = frame.toString('latin1').replace(/#$/, '').split(',')
      const [, , type, answered, ...parameters] = fields
      if (type === 'V0') this.acknowledged(LOGIN_ACK, 1)
      else if (type === 'V4' && answered === 'V1') this.acknowledged(LOCATION_ACK, 1)
      else if (type === 'S20') {
        this.model.setRelay(parameters.at(-1) === '1')
        this.reply({
          frame: encodeH02CommandReply(this.imei, 'S20', this.model.fix()),
          ackKey: null,
          fixes: [],
          extraRows: 0,
        })
      }
    }
  }

  protected nextExchange(): Exchange | null {
    const fix = this.pending[0]
    if (!fix) return null
    return {
      frame: encodeH02Location(this.imei, fix),
      ackKey: LOCATION_ACK,
      fixes: [fix],
      extraRows: 0,
    }
  }
}
