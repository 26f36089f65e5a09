import type { Position } from '../position.js'
import type { DeviceRegistry } from '../server/device_registry.js'
import type { BatchWriter } from './batch_writer.js'
import {
  createEnricher,
  defaultHandlers,
  enrich,
  type DeviceContext,
  type EventRow,
} from './enrich.js'
import { geofenceHandler } from './handlers/geofences.js'
import type { ZoneStore } from '../geofences/zone_store.js'
import { outOfHoursHandler } from './handlers/out_of_hours.js'
import type { WorkingHoursStore } from '../working_hours/hours_store.js'
import type { LiveState } from './live_state.js'
import { FixTimeGuard } from './fix_time.js'

/** Where committed positions and events go next: the company's live channel. */
export interface LivePublisher {
  position(device: DeviceContext, state: LiveState): void
  event(device: DeviceContext, event: EventRow): void
}

/**
 * The ingest path after decoding: per device, in order, one frame at a time —
 * enrich, commit, then keep the new live state and publish. The promise of
 * `positions()` resolves once the frame is committed; that is when the device
 * gets its acknowledgement.
 */
export class IngestPipeline {
  private readonly chains = new Map<number, Promise<unknown>>()
  private readonly fixTimes = new FixTimeGuard()
  private readonly enrich: typeof enrich

  constructor(
    private readonly registry: DeviceRegistry,
    private readonly writer: BatchWriter,
    private readonly publisher: LivePublisher,
    private readonly zones: ZoneStore | null = null,
    private readonly workingHours: WorkingHoursStore | null = null
  ) {
    const zoneStore = zones
    const hoursStore = workingHours
    // The company-data handlers (zones, working hours) come after the default chain:
    // they read the live status it computed.
    const extra = [
      ...(zoneStore ? [geofenceHandler((companyId) => zoneStore.zones(companyId))] : []),
      ...(hoursStore ? [outOfHoursHandler((companyId) => hoursStore.of(companyId))] : []),
    ]
    this.enrich = extra.length > 0 ? createEnricher([...defaultHandlers(), ...extra]) : enrich
  }

  positions(
    device: DeviceContext,
    positions: Position[],
    context: { ipAddress?: string | null } = {}
  ) {
    return this.serialize(device.id, async () => {
      const receivedAt = new Date()
      const previous = await this.registry.state(device)
      const zonesLoading = this.zones?.ready(device.companyId)
      if (zonesLoading) await zonesLoading
      const hoursLoading = this.workingHours?.ready(device.companyId)
      if (hoursLoading) await hoursLoading
      const result = this.enrich(
        device,
        previous,
        this.fixTimes.sanitize(device.id, positions, receivedAt),
        receivedAt
      )
      if (context.ipAddress) result.state.ipAddress = context.ipAddress
      await this.writer.write({ device, ...result })
      this.registry.keep(device.id, result.state)
      this.publisher.position(device, result.state)
      for (const event of result.events) this.publisher.event(device, event)
      return result
    })
  }

  /** Connection events (CONNECTION, DISCONNECTED) at the device's last known place. */
  connection(
    device: DeviceContext,
    code: 'CONNECTION' | 'DISCONNECTED',
    ipAddress?: string | null
  ) {
    return this.serialize(device.id, async () => {
      const state = { ...(await this.registry.state(device)) }
      const now = new Date()
      if (code === 'CONNECTION') {
        state.lastSeenAt = now.getTime()
        if (ipAddress) state.ipAddress = ipAddress
      }
      const event: EventRow = {
        time: now,
        code,
        state: null,
        latitude: state.latitude,
        longitude: state.longitude,
        attributes: ipAddress ? { ipAddress } : {},
      }
      await this.writer.write({
        device,
        positions: [],
        events: [event],
        state,
        trips: [],
        stops: [],
      })
      this.registry.keep(device.id, state)
      this.publisher.event(device, event)
    })
  }

  /**
   * A command reply stated the device's outputs (Teltonika "DOUT1:1 DOUT2:0"): the live state
   * takes them at once, so the vehicle page agrees with the reply before the next record, and
   * a change of output 1 (the engine-cut relay) is its state event (106 A/F) now, not when a
   * record later repeats it.
   */
  outputs(device: DeviceContext, outputs: Record<number, boolean>) {
    if (Object.keys(outputs).length === 0) return Promise.resolve()
    return this.serialize(device.id, async () => {
      const previous = await this.registry.state(device)
      const before = previous.attributes.outputs ?? {}
      const state: LiveState = {
        ...previous,
        attributes: { ...previous.attributes, outputs: { ...before, ...outputs } },
      }
      const events: EventRow[] = []
      if (1 in outputs && before[1] !== outputs[1]) {
        events.push({
          time: new Date(),
          code: '106',
          state: outputs[1] ? 'A' : 'F',
          latitude: state.latitude,
          longitude: state.longitude,
          attributes: { source: 'command_reply' },
        })
      }
      await this.writer.write({ device, positions: [], events, state, trips: [], stops: [] })
      this.registry.keep(device.id, state)
      for (const event of events) this.publisher.event(device, event)
    })
  }

  private serialize<T>(deviceId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(deviceId) ?? Promise.resolve()
    const next = previous.then(task, task)
    const settled = next.catch(() => {})
    this.chains.set(deviceId, settled)
    settled.then(() => {
      if (this.chains.get(deviceId) === settled) this.chains.delete(deviceId)
    })
    return next
  }
}
