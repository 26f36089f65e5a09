import type { PositionAttributes } from '../position.js'
import { addFlag, judgeFuel, newFuelFilterState, type FuelFilterState } from './plausibility.js'

/**
 * Hourly rollups of fuel and temperature readings and the refuels and drops in the fuel
 * level, built as positions go through the pipeline (ingest, history generator, rebuild) and
 * read by the fuel and temperature reports instead of the positions.
 */

/** Consecutive level readings that each rise by at least this (litres) are one refuel. */
export const FUEL_NOISE_LITRES = 1
/** Below this speed (km/h) a vehicle stands: a falling level is a drop, not consumption. */
export const STANDING_KMH = 5
export const HOUR_MS = 3_600_000

export const hourOf = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS

export interface FuelHour {
  hour: number
  firstTime: number | null
  firstLevel: number | null
  lastTime: number | null
  lastLevel: number | null
  minUsed: number | null
  maxUsed: number | null
}

/**
 * One sensor's hour. `seconds` adds up, for each reading of the hour, the time to the
 * sensor's next reading (credited when that reading comes); `lastSeconds` is that time for
 * the hour's last reading alone.
 */
export interface TemperatureHour {
  hour: number
  sensor: string
  readings: number
  min: number | null
  max: number | null
  sum: number
  seconds: number
  lastTime: number
  lastValue: number
  lastSeconds: number
  /**
   * Seconds held per distinct value (key: the value as text), so the time below or above any
   * range is exact without reading positions.
   */
  valueSeconds: Record<string, number>
}

/** A run of rising (refuel) or, standing, falling (drop) levels; `litres` is signed. */
export interface FuelLevelEvent {
  kind: 'refuel' | 'drop'
  startTime: number
  endTime: number
  litres: number
  levelBefore: number
  levelAfter: number
  latitude: number
  longitude: number
}

/** What the rollup remembers of a device between positions (kept with the live state). */
export interface SensorState {
  fuel: number | null
  event: FuelLevelEvent | null
  temperatures: Record<string, { time: number; value: number }>
  /** The fuel level filter (docs/plausibility.md); `fuel` is its filtered level. */
  fuelFilter?: FuelFilterState
}

export const initialSensorState = (): SensorState => ({
  fuel: null,
  event: null,
  temperatures: {},
  fuelFilter: newFuelFilterState(),
})

const minOf = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b)
const maxOf = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b)

/** Two partial rows of one hour as one (the database upsert does the same). */
export function mergeFuelHour(a: FuelHour, b: FuelHour): FuelHour {
  const bFirst = b.firstTime !== null && (a.firstTime === null || b.firstTime < a.firstTime)
  const bLast = b.lastTime !== null && (a.lastTime === null || b.lastTime > a.lastTime)
  return {
    hour: a.hour,
    firstTime: bFirst ? b.firstTime : a.firstTime,
    firstLevel: bFirst ? b.firstLevel : a.firstLevel,
    lastTime: bLast ? b.lastTime : a.lastTime,
    lastLevel: bLast ? b.lastLevel : a.lastLevel,
    minUsed: minOf(a.minUsed, b.minUsed),
    maxUsed: maxOf(a.maxUsed, b.maxUsed),
  }
}

export function mergeTemperatureHour(a: TemperatureHour, b: TemperatureHour): TemperatureHour {
  const last =
    b.lastTime > a.lastTime
      ? b
      : b.lastTime < a.lastTime
        ? a
        : { ...a, lastSeconds: Math.max(a.lastSeconds, b.lastSeconds) }
  return {
    hour: a.hour,
    sensor: a.sensor,
    readings: a.readings + b.readings,
    min: minOf(a.min, b.min),
    max: maxOf(a.max, b.max),
    sum: a.sum + b.sum,
    seconds: a.seconds + b.seconds,
    lastTime: last.lastTime,
    lastValue: last.lastValue,
    lastSeconds: last.lastSeconds,
    valueSeconds: mergeValueSeconds(a.valueSeconds, b.valueSeconds),
  }
}

function mergeValueSeconds(a: Record<string, number>, b: Record<string, number>) {
  const merged = { ...a }
  for (const [value, seconds] of Object.entries(b)) merged[value] = (merged[value] ?? 0) + seconds
  return merged
}

/** The rows a run of positions produced, already merged per key. */
export class SensorRollup {
  readonly fuelHours = new Map<number, FuelHour>()
  readonly temperatureHours = new Map<string, TemperatureHour>()
  /** By start time: an event still growing is replaced by its latest extent. */
  readonly fuelEvents = new Map<number, FuelLevelEvent>()

  addFuelHour(row: FuelHour) {
    const existing = this.fuelHours.get(row.hour)
    this.fuelHours.set(row.hour, existing ? mergeFuelHour(existing, row) : row)
  }

  addTemperatureHour(row: TemperatureHour) {
    const key = `${row.sensor}\u0000${row.hour}`
    const existing = this.temperatureHours.get(key)
    this.temperatureHours.set(key, existing ? mergeTemperatureHour(existing, row) : row)
  }

  addFuelEvent(event: FuelLevelEvent) {
    const existing = this.fuelEvents.get(event.startTime)
    if (!existing || existing.endTime <= event.endTime) this.fuelEvents.set(event.startTime, event)
  }

  get empty() {
    return (
      this.fuelHours.size === 0 && this.temperatureHours.size === 0 && this.fuelEvents.size === 0
    )
  }
}

export interface SensorReading {
  time: number
  speed: number
  latitude: number
  longitude: number
  attributes: PositionAttributes
  /** Litres; the fuel level filter's limit. */
  tankCapacity?: number | null
}

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

/**
 * Feeds one position (in fix-time order) into the rollup and returns the device's next
 * state. A level reading rising by at least FUEL_NOISE_LITRES over the previous one, or
 * falling by as much while standing, extends the event of its kind or starts one.
 */
export function rollUp(
  state: SensorState,
  reading: SensorReading,
  rollup: SensorRollup
): SensorState {
  const { time, attributes } = reading
  const hour = hourOf(time)
  const raw = finite(attributes.fuel) ? attributes.fuel : null
  const used = finite(attributes.fuelUsed) ? attributes.fuelUsed : null
  let next = state
  // The level the rollup uses is the filtered one: sloshing is flagged on the reading and ignored.
  let fuel: number | null = null
  if (raw !== null) {
    const filter = filterOf(state)
    const verdict = judgeFuel(
      filter,
      raw,
      time,
      reading.speed >= STANDING_KMH,
      reading.tankCapacity ?? null
    )
    if (verdict.slosh) addFlag(attributes, 'fuel:slosh')
    fuel = verdict.level
    next = { ...next, fuelFilter: filter }
  }
  if (fuel !== null || used !== null) {
    rollup.addFuelHour({
      hour,
      firstTime: fuel === null ? null : time,
      firstLevel: fuel,
      lastTime: fuel === null ? null : time,
      lastLevel: fuel,
      minUsed: used,
      maxUsed: used,
    })
  }
  if (fuel !== null) {
    const delta = state.fuel === null ? null : fuel - state.fuel
    const kind =
      delta === null
        ? null
        : delta >= FUEL_NOISE_LITRES
          ? 'refuel'
          : delta <= -FUEL_NOISE_LITRES && reading.speed < STANDING_KMH
            ? 'drop'
            : null
    let event: FuelLevelEvent | null = null
    if (kind && delta !== null) {
      event =
        state.event && state.event.kind === kind
          ? { ...state.event, endTime: time, litres: state.event.litres + delta, levelAfter: fuel }
          : {
              kind,
              startTime: time,
              endTime: time,
              litres: delta,
              levelBefore: state.fuel!,
              levelAfter: fuel,
              latitude: reading.latitude,
              longitude: reading.longitude,
            }
      rollup.addFuelEvent(event)
    }
    next = { ...next, fuel, event }
  }
  const temperatures = attributes.temperatures
  if (temperatures && typeof temperatures === 'object') {
    const previous = next.temperatures
    const seen = { ...previous }
    for (const [sensor, value] of Object.entries(temperatures)) {
      if (!finite(value)) continue
      const before = previous[sensor]
      if (before) {
        const gap = (time - before.time) / 1000
        rollup.addTemperatureHour({
          hour: hourOf(before.time),
          sensor,
          readings: 0,
          min: null,
          max: null,
          sum: 0,
          seconds: gap,
          lastTime: before.time,
          lastValue: before.value,
          lastSeconds: gap,
          valueSeconds: { [String(before.value)]: gap },
        })
      }
      rollup.addTemperatureHour({
        hour,
        sensor,
        readings: 1,
        min: value,
        max: value,
        sum: value,
        seconds: 0,
        lastTime: time,
        lastValue: value,
        lastSeconds: 0,
        valueSeconds: { [String(value)]: 0 },
      })
      seen[sensor] = { time, value }
    }
    next = { ...next, temperatures: seen }
  }
  return next
}

/**
 * A copy of the fuel filter of a state (a state without one, kept before the filter existed,
 * starts from its last level).
 */
function filterOf(state: SensorState): FuelFilterState {
  const kept = state.fuelFilter
  if (kept && Array.isArray(kept.window)) {
    return { level: finite(kept.level) ? kept.level : null, window: [...kept.window] }
  }
  return { ...newFuelFilterState(), level: state.fuel }
}

/** The state as stored in device_states (tolerates rows written before the rollups). */
export function sensorStateFrom(value: unknown): SensorState {
  const stored = (value ?? {}) as Partial<SensorState>
  return {
    fuel: finite(stored.fuel) ? stored.fuel : null,
    event: stored.event ?? null,
    temperatures: stored.temperatures ?? {},
    fuelFilter: stored.fuelFilter ? filterOf(stored as SensorState) : undefined,
  }
}
