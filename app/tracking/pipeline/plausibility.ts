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

/**
 * The flags a stored position carries in `attributes.flags` (present only when something was judged
 * implausible). The data quality page and the distance source read them.
 */
export const POSITION_FLAGS = [
  'gps:invalid',
  'gps:null_island',
  'gps:few_satellites',
  'gps:speed_jump',
  'odometer:zero_after_nonzero',
  'odometer:backwards',
  'odometer:impossible_step',
  'odometer:rebased',
  'fuel:slosh',
] as const

export type PositionFlag = (typeof POSITION_FLAGS)[number]

/** Adds a flag to a position's attributes (kept once, in the order they were raised). */
export function addFlag(attributes: Record<string, unknown>, flag: PositionFlag) {
  const flags = Array.isArray(attributes.flags) ? (attributes.flags as string[]) : []
  if (!flags.includes(flag)) attributes.flags = [...flags, flag]
}

/** True when a stored position's fix was judged implausible (it moved nothing at ingest). */
export function hasGpsFlag(attributes: Record<string, unknown> | null | undefined): boolean {
  const flags = attributes?.flags
  return Array.isArray(flags) && flags.some((flag) => String(flag).startsWith('gps:'))
}

/** Fuel readings kept to find the level: the median of the last ones tells a real change from sloshing. */
export const FUEL_WINDOW_READINGS = 5
/**
 * Readings older than this leave the window. Sloshing is a matter of seconds: a reading with no
 * other in the window (a tracker reporting every few minutes) is taken as it is.
 */
export const FUEL_WINDOW_MS = 3 * 60_000
/** The smallest change of the level taken as real: this many litres, or this share of the tank. */
export const FUEL_MIN_CHANGE_LITRES = 3
export const FUEL_MIN_CHANGE_SHARE = 0.03
/** A reading above the tank capacity by more than this share cannot be a level. */
export const FUEL_OVER_TANK_SHARE = 0.1

export interface FuelFilterState {
  /** The filtered level (litres), null before the first reading. */
  level: number | null
  window: { time: number; value: number }[]
}

export const newFuelFilterState = (): FuelFilterState => ({ level: null, window: [] })

export function fuelMinChange(tankCapacity: number | null | undefined): number {
  return tankCapacity && tankCapacity > 0
    ? Math.max(FUEL_MIN_CHANGE_LITRES, tankCapacity * FUEL_MIN_CHANGE_SHARE)
    : FUEL_MIN_CHANGE_LITRES
}

export interface FuelVerdict {
  /** The filtered level after this reading. */
  level: number | null
  /** The reading is sloshing (or impossible): it differs from the level without the window confirming it. */
  slosh: boolean
}

/** The median; of an even count, the middle value nearer the current level (a change must be shown twice). */
const median = (values: number[], level: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length % 2) return sorted[middle]
  const [low, high] = [sorted[middle - 1], sorted[middle]]
  return Math.abs(low - level) <= Math.abs(high - level) ? low : high
}

/**
 * One fuel level reading through the filter. Standing, a reading is the level. Driving, the
 * level follows the median of the last FUEL_WINDOW_READINGS readings (within FUEL_WINDOW_MS):
 * down freely (consumption), up only by at least the minimum change; a wave of the fuel in the
 * tank does not move the median. A reading below 0 or above the tank (plus 10 %) is ignored. A
 * reading that differs from the level by the minimum change while driving is sloshing.
 */
export function judgeFuel(
  state: FuelFilterState,
  value: number,
  time: number,
  moving: boolean,
  tankCapacity: number | null | undefined
): FuelVerdict {
  const impossible =
    value < 0 ||
    (!!tankCapacity && tankCapacity > 0 && value > tankCapacity * (1 + FUEL_OVER_TANK_SHARE))
  if (impossible) return { level: state.level, slosh: true }
  const window = state.window.filter((reading) => time - reading.time <= FUEL_WINDOW_MS)
  window.push({ time, value })
  state.window = window.slice(-FUEL_WINDOW_READINGS)
  // Standing, the fuel does not slosh: the reading is the level (refuels and drops stay exact).
  if (state.level === null || !moving || state.window.length === 1) {
    state.level = value
    return { level: value, slosh: false }
  }
  const minChange = fuelMinChange(tankCapacity)
  const middle = median(
    state.window.map((reading) => reading.value),
    state.level
  )
  // Driving, the level follows the median down (consumption); up only by the minimum change.
  if (middle < state.level || middle - state.level >= minChange) state.level = middle
  const slosh = Math.abs(value - state.level) >= minChange
  return { level: state.level, slosh }
}
