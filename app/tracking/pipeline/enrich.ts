import type { Position, PositionAttributes } from '../position.js'
import type { TrackerProtocol } from '../../shared/fleet_enums.js'
import type { TrackingSettings } from '../tracking_settings.js'
import type { DetectedIdle, DetectedStop, DetectedTrip } from './trip_detector.js'
import type { LiveState } from './live_state.js'
import { FUTURE_TOLERANCE_MS } from './fix_time.js'
import type { PipelineHandler, FrameContext, PositionContext } from './handlers/handler.js'
import { connectionHandler } from './handlers/connection.js'
import { odometerHandler } from './handlers/odometer.js'
import { plausibilityHandler } from './handlers/plausibility.js'
import {
  batteryHandler,
  mergeHandler,
  overspeedHandler,
  protocolEventsHandler,
  temperatureHandler,
} from './handlers/events.js'
import { liveReadingsHandler, liveStatusHandler } from './handlers/live_status.js'
import { tripsHandler } from './handlers/trips.js'
import { sensorsHandler } from './handlers/sensors.js'
import { SensorRollup } from './sensor_rollup.js'

export type { TrackerProtocol } from '../../shared/fleet_enums.js'

export interface DeviceContext {
  id: number
  companyId: number
  imei: string
  protocol: TrackerProtocol
  speedLimit: number | null
  /** Litres; the fuel level filter's limit (unknown when absent). */
  tankCapacity?: number | null
  settings: TrackingSettings
  /** The vehicle group (device group), for the group's live channel; absent: none. */
  groupId?: number | null
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

/** A stay in a geofence that began in this frame (closed already when it also ended). */
export interface GeofenceVisitRow {
  geofenceId: number
  enterTime: Date
  exitTime: Date | null
}

/** The end of a stay that began in an earlier frame. */
export interface GeofenceExitRow {
  geofenceId: number
  exitTime: Date
}

export interface Enriched {
  state: LiveState
  positions: PositionRow[]
  events: EventRow[]
  trips: DetectedTrip[]
  stops: DetectedStop[]
  idles: DetectedIdle[]
  visits: GeofenceVisitRow[]
  visitExits: GeofenceExitRow[]
  /** Fuel and temperature hours and fuel level events of these positions. */
  sensors: SensorRollup
}

/**
 * The handlers of the ingest enrichment, in order. The listener appends the geofence
 * handler (it needs the zones in memory); a new capability is one more handler here.
 */
export function defaultHandlers(): PipelineHandler[] {
  return [
    connectionHandler,
    plausibilityHandler,
    odometerHandler,
    protocolEventsHandler,
    mergeHandler,
    batteryHandler,
    overspeedHandler,
    temperatureHandler,
    liveReadingsHandler,
    tripsHandler,
    sensorsHandler,
    liveStatusHandler,
  ]
}

/**
 * Turns decoded positions of one device into what the store writes, by running each
 * position through a chain of small handlers (odometer, events, live readings, trips,
 * live status, geofences...). Pure: the caller commits the result, then keeps the state.
 *
 * Every position is stored. Only positions newer than the live state reach the
 * handlers: a late history record is written without touching the map, and an invalid
 * fix never moves the vehicle, feeds the trip detector or adds distance. Nor does a fix
 * more than FUTURE_TOLERANCE_MS ahead of the receive time (a tracker with a wrong
 * clock): it is stored, but as the live position it would make every real fix after it
 * "late".
 */
export function createEnricher(handlers: PipelineHandler[]) {
  const frameHandlers = handlers.filter((handler) => handler.frame)
  const positionHandlers = handlers.filter((handler) => handler.position)
  const lateHandlers = handlers.filter((handler) => handler.late)
  return function enrichWith(
    device: DeviceContext,
    previous: LiveState,
    positions: Position[],
    receivedAt: Date
  ): Enriched {
    const state: LiveState = {
      ...previous,
      attributes: { ...previous.attributes },
      geofences: previous.geofences ?? [],
    }
    const result: Enriched = {
      state,
      positions: [],
      events: [],
      trips: [],
      stops: [],
      idles: [],
      visits: [],
      visitExits: [],
      sensors: new SensorRollup(),
    }
    const frame: FrameContext = { device, previous, state, result, receivedAt }
    for (const handler of frameHandlers) handler.frame!(frame)

    const sorted = [...positions].sort((a, b) => a.fixTime.getTime() - b.fixTime.getTime())
    const latestAllowed = receivedAt.getTime() + FUTURE_TOLERANCE_MS
    for (const position of sorted) {
      const time = position.fixTime.getTime()
      const late = state.fixTime !== null && time <= state.fixTime
      const ahead = time > latestAllowed
      const attributes = { ...position.attributes }
      if (!late && !ahead) {
        const context: PositionContext = {
          ...frame,
          position,
          time,
          attributes,
          before: state.attributes,
          merged: state.attributes,
          moved: 0,
        }
        for (const handler of positionHandlers) handler.position!(context)
      } else {
        for (const handler of lateHandlers) handler.late!({ ...frame, position, attributes })
      }
      result.positions.push(row(position, attributes, receivedAt))
    }
    return result
  }
}

/** The enrichment without geofences (tests, rebuilds). */
export const enrich = createEnricher(defaultHandlers())

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
