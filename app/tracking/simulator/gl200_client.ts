import type { DeviceClientSettings } from './device_client.js'
import { TcpDeviceClient, type Exchange } from './tcp_device_client.js'
import { encodeGl200CommandAck, encodeGl200Report } from './gl200_device_encoder.js'
import type { VehicleModel } from './vehicle_model.js'

/**
 * A Queclink GV300 with SACK enabled: no login, one report per record, each waiting for the
 * server's `+SACK:<count>$`; `AT+GTOUT=<password>,<1|0>,...` sets output 1 (the relay) and is
 * acknowledged `+ACK:GTOUT`.
 */
export class Gl200Client extends TcpDeviceClient {
  private received = ''
  private count = 0

  constructor(imei: string, model: VehicleModel, settings: DeviceClientSettings) {
    super(imei, model, settings)
  }

  protected loginFrame(): null {
    return null
  }

  protected resetConnectionState(): void {
    this.received = ''
  }

  private nextCount() {
    this.count = (this.count + 1) & 0xffff
    return this.count
  }

  protected receive(chunk: Buffer): void {
    this.received += chunk.toString('latin1')
    for (;;) {
      const end = this.received.indexOf('$')
      if (end < 0) {
        this.received = this.received.slice(-256)
        return
      }
      const message = this.received.slice(0, end).trim()
      this.received = this.received.slice(end + 1)
      const sack = /^\+SACK:([0-9A-F]{4})$/.exec(message)
      if (sack) {
        this.acknowledged(sack[1], 1)
        continue
      }
      const output = /^AT\+GTOUT=[^,]*,([01]),/.exec(message)
      if (!output) continue
      this.model.setRelay(output[1] === '1')
      this.reply({
        frame: encodeGl200CommandAck(this.imei, 'OUT', this.nextCount()),
        ackKey: null,
        fixes: [],
        extraRows: 1,
      })
    }
  }

  protected nextExchange(): Exchange | null {
    const fix = this.pending[0]
    if (!fix) return null
    const count = this.nextCount()
    const ackKey = (count & 0xffff).toString(16).toUpperCase().padStart(4, '0')
    return { frame: encodeGl200Report(this.imei, fix, count), ackKey, fixes: [fix], extraRows: 0 }
  }
}
