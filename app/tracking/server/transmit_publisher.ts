import transmit from '@adonisjs/transmit/services/main'
import {
  companyLiveChannel,
  groupLiveChannel,
  type LiveBroadcast,
  type LiveMessage,
} from '../live_channel.js'
import type { LivePublisher } from '../pipeline/ingest.js'
import type { CommandUpdate } from './command_dispatcher.js'
import { isSubscriptionExpired } from '#services/billing/expired_devices'
import { parentBroadcast } from './listener_child.js'

type Broadcast = (channel: string, message: LiveBroadcast) => void

/**
 * Publishes committed positions, events and command updates on each company's channel.
 *
 * A committed batch resolves hundreds of frames in one go; their messages are gathered per
 * company and go out together once that moment's work is done (`setImmediate`), as one
 * broadcast: one Redis publish and one Server-Sent Event per company instead of one per
 * vehicle. A lone message goes as itself. Order within a company is kept.
 *
 * A vehicle in a group is also published on the group's channel (`groupLiveChannel`), which
 * members limited to vehicle groups follow (issue 27): they never receive other vehicles.
 */
export class TransmitPublisher implements LivePublisher {
  private readonly queued = new Map<string, LiveMessage[]>()
  /** Each vehicle's group as last seen on a position or event, for its status and commands. */
  private readonly groups = new Map<number, number | null>()
  private flushScheduled: NodeJS.Immediate | null = null

  constructor(
    // A listener process of the web process without Redis: through the web process.
    private readonly broadcast: Broadcast = parentBroadcast() ??
      ((channel, message) =>
        transmit.broadcast(channel, message as unknown as Record<string, string>))
  ) {}

  position: LivePublisher['position'] = (device, state) => {
    // An expired subscription hides the live position (stored all the same).
    if (isSubscriptionExpired(device.id)) return
    this.groups.set(device.id, device.groupId ?? null)
    this.send(device.companyId, {
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
    this.groups.set(device.id, device.groupId ?? null)
    this.send(device.companyId, {
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
    this.send(update.companyId, {
      type: 'command',
      id: update.id,
      deviceId: update.deviceId,
      status: update.status,
      response: update.response,
    })
  }

  offline(companyId: number, deviceId: number) {
    this.send(companyId, { type: 'status', deviceId, online: false })
  }

  /** Broadcasts what is queued now (the scheduled flush does it otherwise). */
  flush() {
    if (this.flushScheduled) clearImmediate(this.flushScheduled)
    this.flushScheduled = null
    for (const [channel, messages] of this.queued) {
      this.broadcast(channel, messages.length === 1 ? messages[0] : { type: 'batch', messages })
    }
    this.queued.clear()
  }

  private send(companyId: number, message: LiveMessage) {
    this.queue(companyLiveChannel(companyId), message)
    const groupId = this.groups.get(message.deviceId)
    if (groupId) this.queue(groupLiveChannel(companyId, groupId), message)
    this.flushScheduled ??= setImmediate(() => this.flush())
  }

  private queue(channel: string, message: LiveMessage) {
    const messages = this.queued.get(channel)
    if (messages) messages.push(message)
    else this.queued.set(channel, [message])
  }
}
