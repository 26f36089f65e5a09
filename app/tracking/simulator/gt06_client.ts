import { Gt06FrameDecoder } from '../protocols/gt06/gt06_frame_decoder.js'
import {
  MSG_GPS_LBS_2,
  MSG_GPS_LBS_STATUS_2,
  MSG_LOGIN,
  MSG_STATUS,
  MSG_STRING,
} from '../protocols/gt06/gt06_constants.js'
import type { DeviceClientSettings } from './device_client.js'
import type { DeviceFix } from './device_fix.js'
import {
  decodeGt06ServerFrame,
  encodeGt06Alarm,
  encodeGt06CommandReply,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  gt06AlarmOf,
  gt06CommandAnswer,
} from './gt06_device_encoder.js'
import { LOGIN_ACK, TcpDeviceClient, type Exchange } from './tcp_device_client.js'
import type { VehicleModel } from './vehicle_model.js'

function ackKey(protocol: number, serial: number): string {
  return `${protocol}:${serial}`
}

/**
 * A GT06/Concox tracker: login, one location (0x22) or alarm (0x26) packet per record, each
 * acknowledged by protocol and serial; a heartbeat (0x13) every `heartbeatSeconds` of
 * simulated time when set; 0x80 commands answered with 0x15.
 */
export class Gt06Client extends TcpDeviceClient {
  private serial = 0
  private loginSerial = -1
  private frames = new Gt06FrameDecoder()
  private heartbeatDue = false
  private lastHeartbeat = Number.NEGATIVE_INFINITY

  constructor(
    imei: string,
    model: VehicleModel,
    settings: DeviceClientSettings,
    private readonly heartbeatSeconds: number | null = null
  ) {
    super(imei, model, settings)
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff
    return this.serial
  }

  protected loginFrame(): Buffer {
    this.loginSerial = this.nextSerial()
    return encodeGt06Login(this.imei, this.loginSerial)
  }

  protected resetConnectionState(): void {
    this.frames = new Gt06FrameDecoder()
    this.loginSerial = -1
  }

  protected onRecords(records: DeviceFix[]): void {
    if (this.heartbeatSeconds === null) return
    const time = records[records.length - 1].time.getTime()
    if (time - this.lastHeartbeat >= this.heartbeatSeconds * 1000) {
      this.lastHeartbeat = time
      this.heartbeatDue = true
    }
  }

  protected receive(chunk: Buffer): void {
    for (const frame of this.frames.push(chunk)) {
      const message = decodeGt06ServerFrame(frame)
      if (message.kind === 'ack') {
        const login = message.protocol === MSG_LOGIN && message.serial === this.loginSerial
        if (login) this.acknowledged(LOGIN_ACK, 1)
        else this.acknowledged(ackKey(message.protocol, message.serial), 1)
      } else if (message.kind === 'command') {
        const answer = gt06CommandAnswer(message.text)
        if (answer.relay !== undefined) this.model.setRelay(answer.relay)
        const serial = this.nextSerial()
        this.reply({
          frame: encodeGt06CommandReply(message.serverFlag, answer.text, serial),
          ackKey: ackKey(MSG_STRING, serial),
          fixes: [],
          extraRows: 0,
        })
      }
    }
  }

  protected nextExchange(): Exchange | null {
    const fix = this.pending[0]
    if (fix) {
      const serial = this.nextSerial()
      const alarm = gt06AlarmOf(fix.event)
      if (alarm === null) {
        return {
          frame: encodeGt06Location(fix, serial),
          ackKey: ackKey(MSG_GPS_LBS_2, serial),
          fixes: [fix],
          extraRows: 0,
        }
      }
      return {
        frame: encodeGt06Alarm(fix, alarm, serial),
        ackKey: ackKey(MSG_GPS_LBS_STATUS_2, serial),
        fixes: [fix],
        extraRows: 0,
      }
    }
    if (!this.heartbeatDue) return null
    this.heartbeatDue = false
    const serial = this.nextSerial()
    return {
      frame: encodeGt06Heartbeat(this.model.fix(), serial),
      ackKey: ackKey(MSG_STATUS, serial),
      fixes: [],
      extraRows: 1,
    }
  }
}
