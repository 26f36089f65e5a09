import type { TrackingSettings } from '../tracking_settings.js'

/**
 * Incremental trip and stop detection, one valid position at a time.
 *
 * A device is either parked or on a trip. Parked turns into a trip once motion has
 * lasted `minTripSeconds` or covered `minTripMeters`; a trip ends once the vehicle
 * has stood still for `minParkingSeconds`. The trip then runs from the first moving
 * point to the first standing point, and the stop from there to the next trip's
 * first moving point. Because the decision depends only on the positions, the same
 * positions always give the same trips, whatever period a report later asks for.
 */
export interface DetectorPoint {
  time: number
  latitude: number
  longitude: number
  odometer: number
}

export interface DetectorState {
  mode: 'parked' | 'trip'
  since: DetectorPoint | null
  /** First point of a change not yet confirmed (moving while parked, standing while on a trip). */
  pending: DetectorPoint | null
  maxSpeed: number
  /** Engine-on standing time, seconds: inside the current trip, or of the current stop. */
  idleSeconds: number
  lastTime: number | null
  lastIdle: boolean
}

export interface DetectorSample extends DetectorPoint {
  speed: number
  ignition: boolean | undefined
}

export interface DetectedTrip {
  start: DetectorPoint
  end: DetectorPoint
  maxSpeed: number
  idleSeconds: number
}

export interface DetectedStop {
  start: DetectorPoint
  end: DetectorPoint
  engineOnSeconds: number
}

export function initialDetectorState(): DetectorState {
  return {
    mode: 'parked',
    since: null,
    pending: null,
    maxSpeed: 0,
    idleSeconds: 0,
    lastTime: null,
    lastIdle: false,
  }
}

function point(sample: DetectorSample): DetectorPoint {
  return {
    time: sample.time,
    latitude: sample.latitude,
    longitude: sample.longitude,
    odometer: sample.odometer,
  }
}

export function detect(
  previous: DetectorState,
  sample: DetectorSample,
  settings: TrackingSettings
): { state: DetectorState; trip?: DetectedTrip; stop?: DetectedStop } {
  const state: DetectorState = { ...previous }
  const moving = sample.speed >= settings.movingSpeedKmh
  const idle = !moving && sample.ignition === true

  if (state.lastTime !== null && state.lastIdle && sample.time > state.lastTime) {
    state.idleSeconds += (sample.time - state.lastTime) / 1000
  }
  state.lastTime = sample.time
  state.lastIdle = idle

  if (!state.since) {
    state.since = point(sample)
    state.mode = moving ? 'trip' : 'parked'
    state.maxSpeed = sample.speed
    state.idleSeconds = 0
    return { state }
  }

  if (state.mode === 'parked') {
    if (!moving) {
      state.pending = null
      return { state }
    }
    if (!state.pending) {
      state.pending = point(sample)
      state.maxSpeed = sample.speed
    } else {
      state.maxSpeed = Math.max(state.maxSpeed, sample.speed)
    }
    const seconds = (sample.time - state.pending.time) / 1000
    const meters = sample.odometer - state.pending.odometer
    if (seconds < settings.minTripSeconds && meters < settings.minTripMeters) return { state }

    const stop: DetectedStop = {
      start: state.since,
      end: state.pending,
      engineOnSeconds: Math.round(state.idleSeconds),
    }
    state.mode = 'trip'
    state.since = state.pending
    state.pending = null
    state.idleSeconds = 0
    return { state, stop: stop.end.time > stop.start.time ? stop : undefined }
  }

  state.maxSpeed = Math.max(state.maxSpeed, sample.speed)
  if (moving) {
    state.pending = null
    return { state }
  }
  if (!state.pending) state.pending = point(sample)
  if ((sample.time - state.pending.time) / 1000 < settings.minParkingSeconds) return { state }

  const trip: DetectedTrip = {
    start: state.since,
    end: state.pending,
    maxSpeed: state.maxSpeed,
    idleSeconds: Math.round(state.idleSeconds),
  }
  state.mode = 'parked'
  state.since = state.pending
  state.pending = null
  state.maxSpeed = 0
  // Engine-on standing time since the vehicle stopped belongs to the stop.
  state.idleSeconds = idle ? (sample.time - trip.end.time) / 1000 : 0
  return { state, trip }
}
