import type { LiveMessage } from '#tracking/live_channel'
import type { LiveStatus, MapVehicle } from '~/components/map/types'

/**
 * The live state of every vehicle of the company, outside React: live messages update it in
 * place and the map, the list and the popup read it at their own pace (the map once per
 * frame, the list a few times a second), so a burst of messages for thousands of vehicles
 * costs no React render per message.
 *
 * Vehicles are immutable records: a changed vehicle is a new object, so memoized rows can
 * compare by identity.
 */
export class LiveFleetStore {
  private vehicles = new Map<number, MapVehicle>()
  private listeners = new Set<() => void>()
  private cachedList: MapVehicle[] | null = null
  private notifyScheduled = false
  /** Bumped on every change. */
  version = 0
  /** Bumped when a position (or the set of vehicles) changes: clusters must be recomputed. */
  positionsVersion = 0
  /** Bumped when anything a marker shows changes. */
  appearanceVersion = 0

  /** Live messages that arrived before the fleet was loaded: applied once it is. */
  private pending: LiveMessage[] | null = null

  /** Without `initial`, the store waits for `reset` and keeps the messages until then. */
  constructor(initial?: MapVehicle[]) {
    if (initial) this.reset(initial)
    else this.pending = []
  }

  /** False until the fleet has been loaded. */
  get loaded() {
    return this.pending === null
  }

  reset(vehicles: MapVehicle[]) {
    this.vehicles = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]))
    const pending = this.pending ?? []
    this.pending = null
    for (const message of pending) this.update(message)
    this.changed(true)
  }

  get(id: number): MapVehicle | undefined {
    return this.vehicles.get(id)
  }

  get size() {
    return this.vehicles.size
  }

  /** Every vehicle, in the order they were loaded (by name). */
  list(): MapVehicle[] {
    this.cachedList ??= [...this.vehicles.values()]
    return this.cachedList
  }

  /** Applies one live message; true when it changed a vehicle. */
  apply(message: LiveMessage): boolean {
    if (this.pending) {
      this.pending.push(message)
      return false
    }
    const changed = this.update(message)
    if (changed !== null) this.changed(changed)
    return changed !== null
  }

  applyMany(messages: LiveMessage[]) {
    if (this.pending) {
      this.pending.push(...messages)
      return
    }
    let positions = false
    let any = false
    for (const message of messages) {
      const changed = this.update(message)
      if (changed === null) continue
      any = true
      positions ||= changed
    }
    if (any) this.changed(positions)
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** null: nothing changed; true: a position changed; false: something else changed. */
  private update(message: LiveMessage): boolean | null {
    if (message.type !== 'position' && message.type !== 'status') return null
    const current = this.vehicles.get(message.deviceId)
    if (!current) return null
    if (message.type === 'status') {
      if (message.online || current.status === 'offline') return null
      this.vehicles.set(current.id, { ...current, status: 'offline', speed: 0 })
      return false
    }
    const status: LiveStatus = message.online ? message.liveStatus : 'offline'
    const moved = message.latitude !== current.lat || message.longitude !== current.lon
    this.vehicles.set(current.id, {
      ...current,
      lat: message.latitude ?? current.lat,
      lon: message.longitude ?? current.lon,
      speed: Math.round(message.speed),
      course: Math.round(message.course),
      status,
      ignition: message.ignition,
      lastSeen: new Date().toISOString(),
    })
    return moved
  }

  private changed(positions: boolean) {
    this.cachedList = null
    this.version++
    this.appearanceVersion++
    if (positions) this.positionsVersion++
    if (this.notifyScheduled) return
    this.notifyScheduled = true
    // One notification per burst of messages delivered in the same task.
    queueMicrotask(() => {
      this.notifyScheduled = false
      for (const listener of this.listeners) listener()
    })
  }
}
