/**
 * Pure plausibility filters for one device's readings. They keep their state in plain objects so the
 * ingest path can hold one per device in memory; nothing here touches the database.
 */

export const DEFAULT_MAX_SPEED_KMH = 300
export const DEFAULT_MIN_SATELLITES = 3
/** How many consecutive readings at a new odometer level make it the new base instead of a spike. */
export const ODOMETER_CONFIRMATIONS = 3

export type GpsFlag = 'invalid' | 'null_island' | 'few_satellites' | 'speed_jump'
export type OdometerFlag = 'zero_after_nonzero' | 'backwards' | 'impossible_step'

export interface Fix {
  latitude: number
  longitude: number
  fixTime: Date
  valid: boolean
  satellites: number | null
}

export interface GpsFilterState {
  lastGood: Fix | null
}

export interface GpsLimits {
  maxSpeedKmh: number
  minSatellites: number
}

const EARTH_RADIUS_KM = 6371.0088

export function haversineKm(a: Fix, b: Fix): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = toRadians(b.latitude - a.latitude)
  const dLon = toRadians(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Judges one fix; a fix without flags becomes the new reference for the next one. */
export function judgeFix(
  state: GpsFilterState,
  fix: Fix,
  limits: GpsLimits = { maxSpeedKmh: DEFAULT_MAX_SPEED_KMH, minSatellites: DEFAULT_MIN_SATELLITES }
): GpsFlag[] {
  const flags: GpsFlag[] = []
  if (!fix.valid) flags.push('invalid')
  if (fix.latitude === 0 && fix.longitude === 0) flags.push('null_island')
  if (fix.satellites !== null && fix.satellites < limits.minSatellites) flags.push('few_satellites')
  if (flags.length === 0 && state.lastGood) {
    const hours = (fix.fixTime.getTime() - state.lastGood.fixTime.getTime()) / 3_600_000
    const km = haversineKm(state.lastGood, fix)
    // A fix at the same instant is allowed to differ by GPS noise only.
    const allowedKm = Math.max(hours, 0) * limits.maxSpeedKmh + 0.1
    if (km > allowedKm) flags.push('speed_jump')
  }
  if (flags.length === 0) state.lastGood = fix
  return flags
}

export interface OdometerReading {
  km: number
  at: Date
}

export interface OdometerFilterState {
  /** Last accepted raw reading. */
  lastGood: OdometerReading | null
  /** Cleaned odometer = raw + offset; the offset changes when a lasting new level is adopted. */
  offsetKm: number
  /** Readings at a suspect level that may become the new base. */
  candidate: { first: OdometerReading; last: OdometerReading; count: number } | null
}

export function newOdometerState(): OdometerFilterState {
  return { lastGood: null, offsetKm: 0, candidate: null }
}

export interface OdometerVerdict {
  flag: OdometerFlag | null
  /** The cleaned, monotonic odometer after this reading, or null before any reading was accepted. */
  cleanedKm: number | null
  /** True when this reading made a lasting new level (reset, replaced tracker) the new base. */
  rebased: boolean
}

function classifyStep(
  previous: OdometerReading,
  reading: OdometerReading,
  maxSpeedKmh: number
): OdometerFlag | null {
  if (reading.km === 0 && previous.km > 0) return 'zero_after_nonzero'
  if (reading.km < previous.km) return 'backwards'
  const hours = Math.max(0, (reading.at.getTime() - previous.at.getTime()) / 3_600_000)
  if (reading.km - previous.km > hours * maxSpeedKmh + 1) return 'impossible_step'
  return null
}

/**
 * A one-reading spike is flagged and ignored; when ODOMETER_CONFIRMATIONS readings in a row agree with each
 * other at the new level, that level becomes the base and the cleaned odometer continues from where it was.
 */
export function judgeOdometer(
  state: OdometerFilterState,
  reading: OdometerReading,
  maxSpeedKmh = DEFAULT_MAX_SPEED_KMH
): OdometerVerdict {
  const previous = state.lastGood
  if (!previous) {
    state.lastGood = reading
    return { flag: null, cleanedKm: reading.km + state.offsetKm, rebased: false }
  }
  const flag = classifyStep(previous, reading, maxSpeedKmh)
  if (!flag) {
    state.lastGood = reading
    state.candidate = null
    return { flag: null, cleanedKm: reading.km + state.offsetKm, rebased: false }
  }
  const candidate = state.candidate
  if (candidate && classifyStep(candidate.last, reading, maxSpeedKmh) === null) {
    candidate.last = reading
    candidate.count += 1
  } else {
    state.candidate = { first: reading, last: reading, count: 1 }
  }
  if (state.candidate!.count >= ODOMETER_CONFIRMATIONS) {
    const base = state.candidate!.first
    // The cleaned value at the new base equals the last good cleaned value; later readings count from it.
    state.offsetKm = previous.km + state.offsetKm - base.km
    state.lastGood = reading
    state.candidate = null
    return { flag, cleanedKm: reading.km + state.offsetKm, rebased: true }
  }
  return { flag, cleanedKm: previous.km + state.offsetKm, rebased: false }
}

export interface ThresholdFilterState {
  /** The state last reported as an event; null until the first reading. */
  confirmed: 'low' | 'normal' | null
  pending: { state: 'low' | 'normal'; since: Date } | null
}

export interface ThresholdLimits {
  threshold: number
  /** Half-width of the band around the threshold inside which the state does not change. */
  deadBand: number
  /** How long a new state must last before it becomes an event. */
  minDwellMs: number
}

/** Returns the new state when a change has lasted long enough to become an event, otherwise null. */
export function judgeThreshold(
  state: ThresholdFilterState,
  value: number,
  at: Date,
  limits: ThresholdLimits
): 'low' | 'normal' | null {
  const reading =
    value < limits.threshold - limits.deadBand
      ? 'low'
      : value > limits.threshold + limits.deadBand
        ? 'normal'
        : null
  if (state.confirmed === null) {
    if (reading) state.confirmed = reading
    return null
  }
  if (reading === null || reading === state.confirmed) {
    if (reading === state.confirmed) state.pending = null
    return null
  }
  if (!state.pending || state.pending.state !== reading) {
    state.pending = { state: reading, since: at }
  }
  if (at.getTime() - state.pending.since.getTime() < limits.minDwellMs) return null
  state.confirmed = reading
  state.pending = null
  return reading
}
