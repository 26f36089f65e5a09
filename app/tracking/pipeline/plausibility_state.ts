import type { BatteryStateCode } from '../events/battery_state.js'
import {
  debouncedStateFrom,
  newDebouncedState,
  type DebouncedState,
  type OverspeedState,
  type TemperatureState,
} from './threshold_state.js'

/**
 * What the plausibility filters remember of a device, kept with the live state (device_states)
 * so a listener restart judges the next reading against the same references. Plain numbers
 * (times in ms, odometers in metres), so it survives JSON.
 */
export interface PlausibilityState {
  /** The last fix judged good. */
  fix: { latitude: number; longitude: number; time: number } | null
  odometer: {
    /** The last accepted raw device odometer (m) and its time. */
    last: { metres: number; time: number } | null
    /** Cleaned = raw + offset (m); changes when a lasting new level becomes the base. */
    offset: number
    /** Readings at a suspect level that may become the new base. */
    candidate: {
      first: { metres: number; time: number }
      last: { metres: number; time: number }
      count: number
      /** GPS metres between the last accepted reading and the candidate's first one. */
      gap?: number
    } | null
    /** GPS metres driven since the last accepted reading (counted into a rebase). */
    gps?: number
  }
  battery: DebouncedState<BatteryStateCode>
  /** The overspeed episode (105); `confirmed` mirrors the live state's `overspeed`. */
  overspeed?: DebouncedState<OverspeedState>
  /** The range state of each temperature sensor (TEMPERATURE A/F). */
  temperatures?: Record<string, DebouncedState<TemperatureState>>
}

export const initialPlausibilityState = (): PlausibilityState => ({
  fix: null,
  odometer: { last: null, offset: 0, candidate: null },
  battery: newDebouncedState<BatteryStateCode>(),
})

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)

const reading = (value: any) =>
  value && finite(value.metres) && finite(value.time)
    ? { metres: value.metres as number, time: value.time as number }
    : null

/** The state as stored (tolerates rows written before the filters, or damaged ones). */
export function plausibilityStateFrom(value: unknown): PlausibilityState {
  const stored = (value ?? {}) as any
  const state = initialPlausibilityState()
  const fix = stored.fix
  if (fix && finite(fix.latitude) && finite(fix.longitude) && finite(fix.time)) {
    state.fix = { latitude: fix.latitude, longitude: fix.longitude, time: fix.time }
  }
  const odometer = stored.odometer ?? {}
  state.odometer.last = reading(odometer.last)
  state.odometer.offset = finite(odometer.offset) ? odometer.offset : 0
  const candidate = odometer.candidate
  if (candidate && reading(candidate.first) && reading(candidate.last) && finite(candidate.count)) {
    state.odometer.candidate = {
      first: reading(candidate.first)!,
      last: reading(candidate.last)!,
      count: candidate.count,
      gap: finite(candidate.gap) ? candidate.gap : 0,
    }
  }
  state.odometer.gps = finite(odometer.gps) ? odometer.gps : 0
  state.battery = debouncedStateFrom<BatteryStateCode>(stored.battery)
  if (stored.overspeed) state.overspeed = debouncedStateFrom<OverspeedState>(stored.overspeed)
  if (stored.temperatures && typeof stored.temperatures === 'object') {
    state.temperatures = Object.fromEntries(
      Object.entries(stored.temperatures as Record<string, unknown>).map(([sensor, kept]) => [
        sensor,
        debouncedStateFrom<TemperatureState>(kept, 'normal'),
      ])
    )
  }
  return state
}
