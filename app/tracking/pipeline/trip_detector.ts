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
  /*
   * The fields below came with the reports; a state stored before them reads as empty
   * (see `withDefaults`).
   */
  /** Where and when the current trip (or the motion not yet confirmed as one) reached maxSpeed. */
  maxSpeedAt?: DetectorPoint | null
  /** Seconds and metres above 5 × (i + 1) km/h in the current trip, i = 0..SPEED_STEPS - 1. */
  speedSeconds?: number[]
  speedMeters?: number[]
  /** Seconds and metres above the vehicle's speed limit in the current trip. */
  overLimitSeconds?: number
  overLimitMeters?: number
  /** The driver card reported during the current trip (the first one). */
  driverCardId?: string | null
  lastSpeed?: number
  lastOdometer?: number
  lastSpeedLimit?: number | null
  /** Start of the engine-on standstill in progress. */
  idleSince?: DetectorPoint | null
}

export interface DetectorSample extends DetectorPoint {
  speed: number
  ignition: boolean | undefined
  /** The vehicle's speed limit, km/h (null: none). */
  speedLimit?: number | null
  /** The driver card (iButton/RFID) the tracker reports now, if any. */
  driverCardId?: string | null
}

/** Speed steps of 5 km/h kept per trip: above 5, 10, ... 250 km/h. */
export const SPEED_STEP_KMH = 5
export const SPEED_STEPS = 50
const MAX_PLAUSIBLE_KMH = 350

export interface DetectedTrip {
  start: DetectorPoint
  end: DetectorPoint
  maxSpeed: number
  idleSeconds: number
  maxSpeedAt?: DetectorPoint | null
  speedSeconds?: number[]
  speedMeters?: number[]
  overLimitSeconds?: number
  overLimitMeters?: number
  driverCardId?: string | null
}

/** An engine-on standstill that lasted at least `idleThresholdSeconds`. */
export interface DetectedIdle {
  start: DetectorPoint
  end: DetectorPoint
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
    ...emptyTripFigures(),
    lastSpeed: 0,
    lastOdometer: 0,
    lastSpeedLimit: null,
    idleSince: null,
  }
}

function emptyTripFigures() {
  return {
    maxSpeedAt: null,
    speedSeconds: [] as number[],
    speedMeters: [] as number[],
    overLimitSeconds: 0,
    overLimitMeters: 0,
    driverCardId: null,
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

export interface Detection {
  state: DetectorState
  trip?: DetectedTrip
  stop?: DetectedStop
  idle?: DetectedIdle
}

export function detect(
  previous: DetectorState,
  sample: DetectorSample,
  settings: TrackingSettings
): Detection {
  const state: DetectorState = withDefaults(previous)
  const moving = sample.speed >= settings.movingSpeedKmh
  const idle = !moving && sample.ignition === true
  const card = sample.driverCardId || null

  if (state.lastTime !== null && sample.time > state.lastTime) {
    const seconds = (sample.time - state.lastTime) / 1000
    if (state.lastIdle) state.idleSeconds += seconds
    // The interval from the previous sample counts at that sample's speed, for the trip
    // (or the motion not yet confirmed as one) that sample belonged to.
    if (state.mode === 'trip' || state.pending) {
      const speed = state.lastSpeed!
      // An odometer jump no vehicle drives (the device's own odometer replacing the
      // accumulated one) counts as the distance the speed gives.
      let meters = Math.max(0, sample.odometer - state.lastOdometer!)
      if (meters > (seconds * MAX_PLAUSIBLE_KMH) / 3.6) meters = (seconds * speed) / 3.6
      const stepSeconds = [...state.speedSeconds!]
      const stepMeters = [...state.speedMeters!]
      for (let step = 0; step < SPEED_STEPS && speed > (step + 1) * SPEED_STEP_KMH; step++) {
        stepSeconds[step] = (stepSeconds[step] ?? 0) + seconds
        stepMeters[step] = (stepMeters[step] ?? 0) + meters
      }
      state.speedSeconds = stepSeconds
      state.speedMeters = stepMeters
      if (state.lastSpeedLimit !== null && state.lastSpeedLimit !== undefined) {
        if (speed > state.lastSpeedLimit) {
          state.overLimitSeconds! += seconds
          state.overLimitMeters! += meters
        }
      }
      if (!state.driverCardId && card) state.driverCardId = card
    }
  }

  // Engine-on standstills, whatever the trip/stop mode: reported once they end.
  let idlePeriod: DetectedIdle | undefined
  if (idle) {
    if (!state.idleSince) state.idleSince = point(sample)
  } else if (state.idleSince) {
    if ((sample.time - state.idleSince.time) / 1000 >= settings.idleThresholdSeconds) {
      idlePeriod = { start: state.idleSince, end: point(sample) }
    }
    state.idleSince = null
  }

  state.lastTime = sample.time
  state.lastIdle = idle
  state.lastSpeed = sample.speed
  state.lastOdometer = sample.odometer
  state.lastSpeedLimit = sample.speedLimit ?? null

  const result = modes(state, sample, settings, moving, idle, card)
  return idlePeriod ? { ...result, idle: idlePeriod } : result
}

/** A state stored before the report fields existed reads with them empty. */
function withDefaults(previous: DetectorState): DetectorState {
  return {
    ...previous,
    maxSpeedAt: previous.maxSpeedAt ?? null,
    speedSeconds: previous.speedSeconds ?? [],
    speedMeters: previous.speedMeters ?? [],
    overLimitSeconds: previous.overLimitSeconds ?? 0,
    overLimitMeters: previous.overLimitMeters ?? 0,
    driverCardId: previous.driverCardId ?? null,
    lastSpeed: previous.lastSpeed ?? 0,
    lastOdometer: previous.lastOdometer ?? 0,
    lastSpeedLimit: previous.lastSpeedLimit ?? null,
    idleSince: previous.idleSince ?? null,
  }
}

function modes(
  state: DetectorState,
  sample: DetectorSample,
  settings: TrackingSettings,
  moving: boolean,
  idle: boolean,
  card: string | null
): Detection {
  if (!state.since) {
    state.since = point(sample)
    state.mode = moving ? 'trip' : 'parked'
    Object.assign(state, emptyTripFigures())
    state.maxSpeed = sample.speed
    state.maxSpeedAt = point(sample)
    state.driverCardId = card
    state.idleSeconds = 0
    return { state }
  }

  if (state.mode === 'parked') {
    if (!moving) {
      if (state.pending) Object.assign(state, emptyTripFigures())
      state.pending = null
      return { state }
    }
    if (!state.pending) {
      state.pending = point(sample)
      Object.assign(state, emptyTripFigures())
      state.maxSpeed = sample.speed
      state.maxSpeedAt = point(sample)
      state.driverCardId = card
    } else {
      keepMaxSpeed(state, sample)
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

  keepMaxSpeed(state, sample)
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
    maxSpeedAt: state.maxSpeedAt,
    speedSeconds: state.speedSeconds,
    speedMeters: state.speedMeters,
    overLimitSeconds: state.overLimitSeconds,
    overLimitMeters: state.overLimitMeters,
    driverCardId: state.driverCardId,
  }
  state.mode = 'parked'
  state.since = state.pending
  state.pending = null
  state.maxSpeed = 0
  Object.assign(state, emptyTripFigures())
  // Engine-on standing time since the vehicle stopped belongs to the stop.
  state.idleSeconds = idle ? (sample.time - trip.end.time) / 1000 : 0
  return { state, trip }
}

function keepMaxSpeed(state: DetectorState, sample: DetectorSample) {
  if (sample.speed > state.maxSpeed || !state.maxSpeedAt) {
    state.maxSpeed = Math.max(state.maxSpeed, sample.speed)
    state.maxSpeedAt = point(sample)
  }
}
