import type { DeviceClientSettings } from './device_client.js'
import { TcpDeviceClient, type Exchange } from './tcp_device_client.js'
import { encodeRuptelaRecord } from './text_device_encoder.js'
import type { VehicleModel } from './vehicle_model.js'

const RECORDS_ACK = 'records'
const ACK = Buffer.from('0002640113bc', 'hex')

/** A Ruptela FM-Eco: no login, one record per records message, each acknowledged. */
export class RuptelaClient extends TcpDeviceClient {
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
    let at = this.received.indexOf(ACK)
    while (at >= 0) {
      this.received = this.received.subarray(at + ACK.length)
      this.acknowledged(RECORDS_ACK, 1)
      at = this.received.indexOf(ACK)
    }
  }

  protected nextExchange(): Exchange | null {
    const fix = this.pending[0]
    if (!fix) return null
    return {
      frame: encodeRuptelaRecord(this.imei, fix),
      ackKey: RECORDS_ACK,
      fixes: [fix],
      extraRows: 0,
    }
  }
}
