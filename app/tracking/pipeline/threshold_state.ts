/**
 * The one debouncing mechanism for every state a reading is classified into by thresholds
 * (battery states, overspeed, temperature range): a hysteresis margin and a minimum dwell before
 * a state change counts. Pure; the state is a plain object kept with the device's live state.
 */

/** What has been reported, and a change waiting to last. Times in ms (survives JSON). */
export interface DebouncedState<T extends string> {
  confirmed: T | null
  pending: { state: T; since: number } | null
}

export const newDebouncedState = <T extends string>(
  confirmed: T | null = null
): DebouncedState<T> => ({ confirmed, pending: null })

/** A value per transition, or one for all. */
type PerChange<T, V> = V | ((from: T, to: T) => V)

export interface ThresholdStateRules<T extends string> {
  /**
   * Hysteresis, in the reading's unit: to leave `from` for `to`, the reading must be past the
   * threshold between them by this much (0: the threshold itself). A reading within it keeps the
   * state reported.
   */
  margin: PerChange<T, number>
  /** How long (ms) the new state must last before the change counts (0: at once). */
  minDwellMs: PerChange<T, number>
  /** Changes that count at once, without margin or dwell. */
  immediate?: (from: T, to: T) => boolean
}

const valueOf = <T, V>(rule: PerChange<T, V>, from: T, to: T): V =>
  typeof rule === 'function' ? (rule as (from: T, to: T) => V)(from, to) : rule

/** True when the reading, moved up or down by `margin`, is still classified `state`. */
const within = <T extends string>(classify: (offset: number) => T, state: T, margin: number) =>
  classify(-margin) === state || classify(margin) === state

/**
 * Judges one reading; returns the state it changes to when the change counts (an event), else
 * null. `classify(offset)` gives the state of the reading moved by `offset`. The first reading of
 * a device without a confirmed state is reported at once. A change waits for the reading to be
 * past the threshold by the margin, then to stay in the new state for the minimum dwell; a
 * reading hovering within the margin of the waiting state does not restart the wait, and a
 * reading back in the reported state beyond the margin cancels it. The change counts at a reading
 * in the new state (the event's time and place are that reading's).
 */
export function judgeThresholdState<T extends string>(
  state: DebouncedState<T>,
  classify: (offset: number) => T,
  at: number,
  rules: ThresholdStateRules<T>
): T | null {
  const reading = classify(0)
  const confirmed = state.confirmed
  if (confirmed === null) {
    state.confirmed = reading
    state.pending = null
    return reading
  }
  if (reading !== confirmed && rules.immediate?.(confirmed, reading)) {
    state.confirmed = reading
    state.pending = null
    return reading
  }
  const keepsConfirmed =
    reading === confirmed || within(classify, confirmed, valueOf(rules.margin, confirmed, reading))
  if (keepsConfirmed) {
    const pending = state.pending
    if (
      pending &&
      !within(classify, pending.state, valueOf(rules.margin, pending.state, confirmed))
    )
      state.pending = null
    return null
  }
  if (!state.pending || state.pending.state !== reading) {
    state.pending = { state: reading, since: at }
  }
  if (at - state.pending.since < valueOf(rules.minDwellMs, confirmed, reading)) return null
  state.confirmed = reading
  state.pending = null
  return reading
}

/** The stored form of a debounced state (tolerates rows written before it existed, or damaged ones). */
export function debouncedStateFrom<T extends string>(
  value: unknown,
  fallback: T | null = null
): DebouncedState<T> {
  const stored = (value ?? {}) as Record<string, any>
  const state = newDebouncedState<T>(
    typeof stored.confirmed === 'string' ? (stored.confirmed as T) : fallback
  )
  const pending = stored.pending
  if (
    pending &&
    typeof pending.state === 'string' &&
    typeof pending.since === 'number' &&
    Number.isFinite(pending.since)
  ) {
    state.pending = { state: pending.state as T, since: pending.since }
  }
  return state
}

/** Overspeed (105): a vehicle is over its limit at the limit itself, and back under it 3 km/h below. */
export const OVERSPEED_MARGIN_KMH = 3
/** Overspeed ends only after the speed has stayed under the limit (less the margin) this long. */
export const OVERSPEED_END_DWELL_MS = 30_000

export type OverspeedState = 'over' | 'under'

/**
 * The overspeed episode a speed makes: 'over' starts at once when the speed exceeds the limit,
 * 'under' counts when the speed has been OVERSPEED_MARGIN_KMH under the limit for
 * OVERSPEED_END_DWELL_MS, so a vehicle hovering at 104–106 km/h around a 105 limit makes one
 * episode.
 */
export function judgeOverspeed(
  state: DebouncedState<OverspeedState>,
  speed: number | null,
  limit: number | null,
  at: number
): OverspeedState | null {
  if (limit === null || speed === null) {
    // No limit, or no speed (a fix without position): the episode ends at once.
    const changed = state.confirmed === 'over'
    state.confirmed = 'under'
    state.pending = null
    return changed ? 'under' : null
  }
  return judgeThresholdState<OverspeedState>(
    state,
    (offset) => (speed + offset > limit ? 'over' : 'under'),
    at,
    {
      margin: (from) => (from === 'over' ? OVERSPEED_MARGIN_KMH : 0),
      minDwellMs: (from) => (from === 'over' ? OVERSPEED_END_DWELL_MS : 0),
    }
  )
}

/** Temperature range (TEMPERATURE A/F): leaving an alarm takes 0.5 °C inside the range… */
export const TEMPERATURE_MARGIN_C = 0.5
/** …and a state (in or out of range) must last 2 minutes before it counts. */
export const TEMPERATURE_MIN_DWELL_MS = 2 * 60_000

export type TemperatureState = 'low' | 'normal' | 'high'

export interface TemperatureRange {
  min: number | null
  max: number | null
}

export const classifyTemperature = (value: number, range: TemperatureRange): TemperatureState =>
  range.max !== null && value > range.max
    ? 'high'
    : range.min !== null && value < range.min
      ? 'low'
      : 'normal'

/**
 * The range state a temperature reading makes: out of range (over `max` or under `min`) counts
 * after TEMPERATURE_MIN_DWELL_MS; back in range when TEMPERATURE_MARGIN_C inside it for as long.
 * A sensor hovering at a limit makes one alarm, not one per reading.
 */
export function judgeTemperature(
  state: DebouncedState<TemperatureState>,
  value: number,
  range: TemperatureRange,
  at: number
): TemperatureState | null {
  return judgeThresholdState<TemperatureState>(
    state,
    (offset) => classifyTemperature(value + offset, range),
    at,
    {
      margin: (from) => (from === 'normal' ? 0 : TEMPERATURE_MARGIN_C),
      minDwellMs: TEMPERATURE_MIN_DWELL_MS,
      // Straight from below the range to above it (or back) is not a hover.
      immediate: (from, to) => from !== 'normal' && to !== 'normal',
    }
  )
}
