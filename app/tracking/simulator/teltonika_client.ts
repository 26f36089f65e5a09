import { CODEC_8 } from '../protocols/teltonika/teltonika_constants.js'
import type { DeviceClientSettings } from './device_client.js'
import { TcpDeviceClient, LOGIN_ACK, type Exchange } from './tcp_device_client.js'
import {
  MAX_RECORDS_PER_PACKET,
  TeltonikaServerReader,
  encodeCodec12Response,
  encodeTeltonikaLogin,
  encodeTeltonikaRecords,
  teltonikaCommandAnswer,
  type TeltonikaDataCodec,
} from './teltonika_device_encoder.js'
import type { VehicleModel } from './vehicle_model.js'

const RECORDS_ACK = 'records'

/** A Teltonika FMx: IMEI login, AVL packets acknowledged by record count, Codec 12 commands. */
export class TeltonikaClient extends TcpDeviceClient {
  private loggedIn = false
  private reader = new TeltonikaServerReader()
  private readonly maxRecords: number

  constructor(
    imei: string,
    model: VehicleModel,
    settings: DeviceClientSettings,
    private readonly codec: TeltonikaDataCodec = CODEC_8,
    maxRecordsPerPacket = 50
  ) {
    super(imei, model, settings)
    this.maxRecords = Math.max(1, Math.min(MAX_RECORDS_PER_PACKET, maxRecordsPerPacket))
  }

  protected loginFrame(): Buffer {
    return encodeTeltonikaLogin(this.imei)
  }

  protected resetConnectionState(): void {
    this.loggedIn = false
    this.reader = new TeltonikaServerReader()
  }

  protected receive(chunk: Buffer): void {
    let data = chunk
    if (!this.loggedIn) {
      const accepted = data[0] === 0x01
      this.loggedIn = accepted
      this.acknowledged(LOGIN_ACK, accepted ? 1 : 0)
      if (!accepted) return
      data = data.subarray(1)
    }
    for (const message of this.reader.push(data)) {
      if (message.kind === 'ack') {
        this.acknowledged(RECORDS_ACK, message.count)
      } else if (message.text !== null) {
        const answer = teltonikaCommandAnswer(message.text, [this.model.relay, false])
        if (answer.relay !== undefined) this.model.setRelay(answer.relay)
        this.reply({
          frame: encodeCodec12Response(answer.text),
          ackKey: null,
          fixes: [],
          extraRows: 0,
        })
      }
    }
  }

  protected nextExchange(): Exchange | null {
    if (this.pending.length === 0) return null
    const fixes = this.pending.slice(0, this.maxRecords)
    return {
      frame: encodeTeltonikaRecords(fixes, this.codec),
      ackKey: RECORDS_ACK,
      fixes,
      extraRows: 0,
    }
  }
}
