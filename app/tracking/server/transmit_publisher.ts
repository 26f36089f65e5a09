import transmit from '@adonisjs/transmit/services/main'
import { companyLiveChannel, type LiveMessage } from '../live_channel.js'
import type { LivePublisher } from '../pipeline/ingest.js'
import type { CommandUpdate } from './command_dispatcher.js'
import { isSubscriptionExpired } from '#services/billing/expired_devices'

type Broadcast = (channel: string, message: LiveMessage) => void

/** Publishes committed positions, events and command updates on each company's channel. */
export class TransmitPublisher implements LivePublisher {
  constructor(
    private readonly broadcast: Broadcast = (channel, message) =>
      transmit.broadcast(channel, message as unknown as Record<string, string>)
  ) {}

  position: LivePublisher['position'] = (device, state) => {
    // An expired subscription hides the live position (stored all the same).
    if (isSubscriptionExpired(device.id)) return
    this.broadcast(companyLiveChannel(device.companyId), {
      type: 'position',
      deviceId: device.id,
      fixTime: state.fixTime === null ? null : new Date(state.fixTime).toISOString(),
      latitude: state.latitude,
      longitude: state.longitude,
      speed: state.speed,
      course: state.course,
      liveStatus: state.liveStatus,
      online: state.online,
      ignition: state.ignition,
      odometer: Math.round(state.odometer),
    })
  }

  event: LivePublisher['event'] = (device, event) => {
    if (isSubscriptionExpired(device.id)) return
    this.broadcast(companyLiveChannel(device.companyId), {
      type: 'event',
      deviceId: device.id,
      time: event.time.toISOString(),
      code: event.code,
      state: event.state,
      latitude: event.latitude,
      longitude: event.longitude,
    })
  }

  command(update: CommandUpdate) {
    this.broadcast(companyLiveChannel(update.companyId), {
      type: 'command',
      id: update.id,
      deviceId: update.deviceId,
      status: update.status,
      response: update.response,
    })
  }

  offline(companyId: number, deviceId: number) {
    this.broadcast(companyLiveChannel(companyId), { type: 'status', deviceId, online: false })
  }
}
