import type { DeviceClientSettings } from './device_client.js'
import { LOGIN_ACK, TcpDeviceClient, type Exchange } from './tcp_device_client.js'
import { encodeGps103Location, encodeGps103Login } from './text_device_encoder.js'
import type { VehicleModel } from './vehicle_model.js'

/**
 * A Coban GPS103 / TK103: `##,imei:…,A;` answered LOAD, then one report per record (the
 * protocol acknowledges none); J and K from the server switch the relay (the device answers
 * by SMS only, so the command stays "sent").
 */
export class Gps103Client extends TcpDeviceClient {
  private received = ''

  constructor(imei: string, model: VehicleModel, settings: DeviceClientSettings) {
    super(imei, model, settings)
  }

  protected loginFrame(): Buffer {
    return encodeGps103Login(this.imei)
  }

  protected resetConnectionState(): void {
    this.received = ''
  }

  protected receive(chunk: Buffer): void {
    this.received += chunk.toString('latin1')
    for (;;) {
      const load = this.received.indexOf('LOAD')
      const command = /\*\*,imei:\d+,([JK])/.exec(this.received)
      if (load >= 0 && (!command || load < command.index)) {
        this.received = this.received.slice(load + 4)
        this.acknowledged(LOGIN_ACK, 1)
      } else if (command) {
        this.received = this.received.slice(command.index + command[0].length)
        this.model.setRelay(command[1] === 'J')
      } else {
        // Keep a tail long enough to hold the start of the next message.
        this.received = this.received.slice(-64)
        return
      }
    }
  }

  protected nextExchange(): Exchange | null {
    const fix = this.pending[0]
    if (!fix) return null
    return { frame: encodeGps103Location(this.imei, fix), ackKey: null, fixes: [fix], extraRows: 0 }
  }
}
