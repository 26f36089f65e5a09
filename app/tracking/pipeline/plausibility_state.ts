import type { BatteryStateCode } from '../events/battery_state.js'
import type { DebouncedState } from './plausibility.js'

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
}

export const initialPlausibilityState = (): PlausibilityState => ({
  fix: null,
  odometer: { last: null, offset: 0, candidate: null },
  battery: { confirmed: null, pending: null },
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
  const battery = stored.battery ?? {}
  if (typeof battery.confirmed === 'string') state.battery.confirmed = battery.confirmed
  if (
    battery.pending &&
    typeof battery.pending.state === 'string' &&
    finite(battery.pending.since)
  ) {
    state.battery.pending = { state: battery.pending.state, since: battery.pending.since }
  }
  return state
}
