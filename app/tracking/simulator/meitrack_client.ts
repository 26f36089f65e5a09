import type { DeviceClientSettings } from './device_client.js'
import { TcpDeviceClient, type Exchange } from './tcp_device_client.js'
import { encodeMeitrackReport } from './text_device_encoder.js'
import { encodeMeitrackFrame } from '../protocols/meitrack/meitrack_encoder.js'
import type { VehicleModel } from './vehicle_model.js'

/**
 * A Meitrack MVT: no login, one AAA report per record (the protocol acknowledges none);
 * C01 commands set output 1 (the relay) and are answered `C01,OK`.
 */
export class MeitrackClient extends TcpDeviceClient {
  private received = Buffer.alloc(0)

  constructor(imei: string, model: VehicleModel, settings: DeviceClientSettings) {
    super(imei, model, settings)
  }

  protected loginFrame(): null {
    return null
  }

  protected resetConnectionState(): void {
    this.received = Buffer.alloc(0)
  }

  protected receive(chunk: Buffer): void {
    this.received = Buffer.concat([this.received, chunk])
    for (;;) {
      const end = this.received.indexOf('\r\n')
      if (end < 0) return
      const line = this.received.toString('latin1', 0, end)
      this.received = this.received.subarray(end + 2)
      const command = /^@@.\d+,\d+,C01,\d,(\d)/.exec(line)
      if (!command) continue
      this.model.setRelay(command[1] === '1')
      this.reply({
        frame: encodeMeitrackFrame(this.imei, 'C01,OK', 'A', '$$'),
        ackKey: null,
        fixes: [],
        extraRows: 0,
      })
    }
  }

  protected nextExchange(): Exchange | null {
    const fix = this.pending[0]
    if (!fix) return null
    return { frame: encodeMeitrackReport(this.imei, fix), ackKey: null, fixes: [fix], extraRows: 0 }
  }
}
