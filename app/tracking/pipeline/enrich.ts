import type { NormalizedEvent, Position, PositionAttributes } from '../position.js'
import type { TrackingSettings } from '../tracking_settings.js'
import { teltonikaEvents } from '../events/teltonika_events.js'
import { gt06Events } from '../events/gt06_events.js'
import { batteryStateEvent } from '../events/battery_state.js'
import { distanceMeters } from './geo.js'
import {
  detect,
  type DetectedIdle,
  type DetectedStop,
  type DetectedTrip,
  type DetectorPoint,
  type DetectorState,
} from './trip_detector.js'
import { liveStatusOf, type LiveState } from './live_state.js'
import { FUTURE_TOLERANCE_MS } from './fix_time.js'
import { driverCard } from './driver_card.js'

export type TrackerProtocol = 'teltonika' | 'gt06' | 'osmand'

export interface DeviceContext {
  id: number
  companyId: number
  imei: string
  protocol: TrackerProtocol
  speedLimit: number | null
  settings: TrackingSettings
}

export interface PositionRow {
  fixTime: Date
  serverTime: Date
  latitude: number
  longitude: number
  speed: number
  course: number
  altitude: number
  satellites: number
  valid: boolean
  attributes: PositionAttributes
}

export interface EventRow {
  time: Date
  code: string
  state: 'A' | 'F' | null
  latitude: number | null
  longitude: number | null
  attributes: Record<string, unknown>
}

export interface Enriched {
  state: LiveState
  positions: PositionRow[]
  events: EventRow[]
  trips: DetectedTrip[]
  stops: DetectedStop[]
  idles: DetectedIdle[]
}

/** Jumps faster than this between two fixes are GPS glitches: they add no distance. */
const MAX_PLAUSIBLE_SPEED_KMH = 350

const protocolEvents: Record<
  TrackerProtocol,
  (p: PositionAttributes | undefined, x: Position) => NormalizedEvent[]
> = {
  teltonika: teltonikaEvents,
  gt06: gt06Events,
  osmand: () => [],
}

function eventRow(event: NormalizedEvent, position: Position): EventRow {
  return {
    time: event.fixTime,
    code: event.code,
    state: event.state ?? null,
    latitude: position.valid ? position.latitude : null,
    longitude: position.valid ? position.longitude : null,
    attributes: event.attributes ?? {},
  }
}

/**
 * Turns decoded positions of one device into what the store writes: position rows
 * (with the odometer), events in the spec's codes, the new live state, and the trips
 * and stops that ended. Pure: the caller commits the result, then keeps the state.
 *
 * Every position is stored. Only positions newer than the live state move it: a late
 * history record is written without touching the map, and an invalid fix never moves
 * the vehicle, feeds the trip detector or adds distance. Nor does a fix more than
 * FUTURE_TOLERANCE_MS ahead of the receive time (a tracker with a wrong clock): it is
 * stored, but as the live position it would make every real fix after it "late".
 */
export function enrich(
  device: DeviceContext,
  previous: LiveState,
  positions: Position[],
  receivedAt: Date
): Enriched {
  const state: LiveState = { ...previous, attributes: { ...previous.attributes } }
  const result: Enriched = {
    state,
    positions: [],
    events: [],
    trips: [],
    stops: [],
    idles: [],
  }
  const sorted = [...positions].sort((a, b) => a.fixTime.getTime() - b.fixTime.getTime())

  if (!previous.online) {
    result.events.push({
      time: receivedAt,
      code: 'CONNECTION_ON',
      state: null,
      latitude: previous.latitude,
      longitude: previous.longitude,
      attributes: {},
    })
  }
  state.online = true
  state.lastSeenAt = receivedAt.getTime()

  const latestAllowed = receivedAt.getTime() + FUTURE_TOLERANCE_MS
  for (const position of sorted) {
    const time = position.fixTime.getTime()
    const late = state.fixTime !== null && time <= state.fixTime
    const ahead = time > latestAllowed
    const attributes = { ...position.attributes }

    if (late || ahead) {
      result.positions.push(row(position, attributes, receivedAt))
      continue
    }

    const before = state.attributes
    const moved =
      position.valid && state.valid && state.latitude !== null && state.longitude !== null
        ? distanceMeters(state.latitude, state.longitude, position.latitude, position.longitude)
        : 0
    const hours = state.fixTime !== null ? (time - state.fixTime) / 3_600_000 : 0
    const plausible = hours <= 0 || moved / 1000 / hours <= MAX_PLAUSIBLE_SPEED_KMH
    if (deviceOdometerUsable(attributes.odometer, state, hours)) {
      const reported = attributes.odometer as number
      // The first odometer a device reports replaces the accumulated one: the trip in
      // progress keeps measuring from the same base.
      if (state.odometer <= 0) {
        state.detector = rebaseDetector(state.detector, reported - state.odometer - moved)
      }
      state.odometer = reported
    } else {
      // Kept to the decimetre, as stored, so that a rebuild from stored positions agrees.
      if (plausible) state.odometer = Math.round((state.odometer + moved) * 10) / 10
      attributes.odometer = state.odometer
    }
    attributes.distance = plausible ? Math.round(moved * 10) / 10 : 0

    for (const event of protocolEvents[device.protocol](before, position)) {
      result.events.push(eventRow(event, position))
    }
    const merged = { ...before, ...attributes }
    if (device.protocol !== 'osmand') {
      const firstPosition = state.fixTime === null
      const battery = batteryStateEvent(firstPosition ? undefined : before, {
        ...position,
        attributes: merged,
      })
      if (battery) result.events.push(eventRow(battery, position))
    }

    const overLimit =
      device.speedLimit !== null && position.valid && position.speed > device.speedLimit
    if (overLimit !== state.overspeed) {
      result.events.push(
        eventRow(
          {
            code: '105',
            state: overLimit ? 'A' : 'F',
            fixTime: position.fixTime,
            attributes: { speed: position.speed, speedLimit: device.speedLimit },
          },
          position
        )
      )
    }
    state.overspeed = overLimit

    state.attributes = merged
    // Only a valid fix sets the time of the live state: a status packet without a fix,
    // stamped with the server clock, must not make the device's next real fixes "late".
    if (position.valid) state.fixTime = time
    if (typeof merged.ignition === 'boolean') state.ignition = merged.ignition
    if (typeof merged.power === 'number') state.power = merged.power
    if (typeof merged.battery === 'number') state.battery = merged.battery
    if (typeof merged.batteryLevel === 'number') state.batteryLevel = merged.batteryLevel
    if (typeof merged.rssi === 'number') state.gsmSignal = merged.rssi

    if (position.valid) {
      state.latitude = position.latitude
      state.longitude = position.longitude
      state.speed = position.speed
      state.course = position.course
      state.altitude = position.altitude
      state.satellites = position.satellites
      state.valid = true

      const detected = detect(
        state.detector,
        {
          time,
          latitude: position.latitude,
          longitude: position.longitude,
          odometer: state.odometer,
          speed: position.speed,
          ignition: state.ignition ?? undefined,
          speedLimit: device.speedLimit,
          driverCardId: driverCard(merged.driverUniqueId),
        },
        device.settings
      )
      state.detector = detected.state
      if (detected.trip) result.trips.push(detected.trip)
      if (detected.stop) result.stops.push(detected.stop)
      if (detected.idle) result.idles.push(detected.idle)
    } else {
      state.speed = 0
    }
    state.liveStatus = liveStatusOf(state.speed, state.ignition, device.settings.movingSpeedKmh)
    result.positions.push(row(position, attributes, receivedAt))
  }
  return result
}

/**
 * A device's own odometer is taken unless it is absurd next to the last one: running
 * backwards by more than a kilometre, or forwards faster than a vehicle can drive (a
 * misread field or a glitching tracker). Then the distance is accumulated instead.
 */
function deviceOdometerUsable(value: unknown, state: LiveState, hours: number): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return false
  if (state.fixTime === null || state.odometer <= 0) return true
  const delta = value - state.odometer
  return delta >= -1000 && delta <= 1000 + Math.max(0, hours) * MAX_PLAUSIBLE_SPEED_KMH * 1000
}

function rebaseDetector(detector: DetectorState, delta: number): DetectorState {
  const shift = (point: DetectorPoint | null) =>
    point ? { ...point, odometer: point.odometer + delta } : null
  return { ...detector, since: shift(detector.since), pending: shift(detector.pending) }
}

function row(position: Position, attributes: PositionAttributes, serverTime: Date): PositionRow {
  return {
    fixTime: position.fixTime,
    serverTime,
    latitude: position.latitude,
    longitude: position.longitude,
    speed: position.speed,
    course: position.course,
    altitude: position.altitude,
    satellites: position.satellites,
    valid: position.valid,
    attributes,
  }
}
