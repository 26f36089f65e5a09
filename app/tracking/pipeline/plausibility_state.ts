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
    /**
     * The offsets that applied before the current one (ascending `from`, fix times in ms): from
     * `from` on, until the next entry, the offset was `offset`. A late position (fix time before
     * the live one) gets the offset of its fix time (`odometerOffsetAt`), not the current one.
     */
    history?: { from: number; offset: number }[]
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
  if (Array.isArray(odometer.history)) {
    state.odometer.history = odometer.history
      .filter((entry: any) => entry && finite(entry.from) && finite(entry.offset))
      .map((entry: any) => ({ from: entry.from as number, offset: entry.offset as number }))
      .sort((a: { from: number }, b: { from: number }) => a.from - b.from)
  }
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

/** Entries of the offset history kept (older late positions get the oldest kept offset). */
export const ODOMETER_OFFSET_HISTORY = 50

type OdometerMemory = PlausibilityState['odometer']

/** The offset (cleaned = raw + offset, metres) that applied at `time` (ms). */
export function odometerOffsetAt(odometer: OdometerMemory, time: number): number {
  const history = odometer.history ?? []
  let offset = history.length > 0 ? history[0].offset : odometer.offset
  for (const entry of history) {
    if (entry.from > time) break
    offset = entry.offset
  }
  return offset
}

const round = (metres: number) => Math.round(metres * 10) / 10

/** The history with a breakpoint at `time` (the offset that applied there from then on). */
function withBreakpoint(odometer: OdometerMemory, time: number) {
  const history = [...(odometer.history ?? [{ from: 0, offset: odometer.offset }])]
  if (!history.some((entry) => entry.from === time)) {
    history.push({ from: time, offset: odometerOffsetAt(odometer, time) })
    history.sort((a, b) => a.from - b.from)
  }
  return history
}

const trimmed = (history: { from: number; offset: number }[]) =>
  history.slice(-ODOMETER_OFFSET_HISTORY)

/** The live offset became `offset` at `time` (a rebase at ingest): kept in the history. */
export function recordOdometerOffset(odometer: OdometerMemory, time: number, offset: number) {
  const history = withBreakpoint(odometer, time).filter((entry) => entry.from <= time)
  history[history.length - 1] = { from: time, offset }
  odometer.history = trimmed(history)
  odometer.offset = offset
}

/**
 * An odometer correction: `delta` metres added from `from` up to `until` (the next correction;
 * null: from then on, the live offset included).
 */
export function shiftOdometerOffsets(
  odometer: OdometerMemory,
  from: number,
  until: number | null,
  delta: number
) {
  odometer.history = withBreakpoint(odometer, from)
  if (until !== null) odometer.history = withBreakpoint(odometer, until)
  odometer.history = trimmed(
    odometer.history.map((entry) =>
      entry.from >= from && (until === null || entry.from < until)
        ? { from: entry.from, offset: round(entry.offset + delta) }
        : entry
    )
  )
  if (until === null) odometer.offset = round(odometer.offset + delta)
}
