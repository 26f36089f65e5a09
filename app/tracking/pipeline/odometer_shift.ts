import type { DetectorPoint, DetectorState } from './trip_detector.js'
import type { DetectedTrip } from './trip_detector.js'
import type { PositionRow } from './enrich.js'
import {
  plausibilityStateFrom,
  shiftOdometerOffsets,
  type PlausibilityState,
} from './plausibility_state.js'

/**
 * What an odometer correction adds: `offset` metres to every odometer from `from` (ms) up to
 * `until` (the next correction's effective time; null: from then on, the live state included).
 */
export interface OdometerShift {
  from: number
  until: number | null
  offset: number
}

const decimetre = (metres: number) => Math.round(metres * 10) / 10

const covers = (shift: OdometerShift, time: number) =>
  time >= shift.from && (shift.until === null || time < shift.until)

/** The odometer parts of a live state (as the listener holds it, or as device_states stores it). */
export interface LiveOdometer {
  /** metres */
  odometer: number
  detector: DetectorState
  plausibility?: PlausibilityState
}

/**
 * The live state after a correction, as new objects (the ones given may be shared with the
 * state a listener kept): the odometer and the trip detector's odometers move when the shift
 * runs on (`until` null); the plausibility filter's offsets (a tracker with its own odometer:
 * cleaned = raw + offset) move from `from` up to `until`, so the next readings continue from
 * the corrected value and a late reading gets the offset of its fix time.
 */
export function shiftLiveOdometer<T extends LiveOdometer>(state: T, shift: OdometerShift): T {
  const live = shift.until === null
  const point = <P extends DetectorPoint | null | undefined>(value: P): P =>
    value && typeof value.odometer === 'number'
      ? ({ ...value, odometer: value.odometer + shift.offset } as P)
      : value
  const detector: DetectorState = live
    ? {
        ...state.detector,
        since: point(state.detector.since),
        pending: point(state.detector.pending),
        ...(typeof state.detector.lastOdometer === 'number'
          ? { lastOdometer: state.detector.lastOdometer + shift.offset }
          : {}),
      }
    : state.detector
  let plausibility = state.plausibility
  if (plausibility?.odometer) {
    const odometer = { ...plausibilityStateFrom({ odometer: plausibility.odometer }).odometer }
    shiftOdometerOffsets(odometer, shift.from, shift.until, shift.offset)
    plausibility = { ...plausibility, odometer }
  }
  return {
    ...state,
    odometer: live ? decimetre(state.odometer + shift.offset) : state.odometer,
    detector,
    ...(plausibility ? { plausibility } : {}),
  }
}

/**
 * A correction applied to rows not yet stored, as its UPDATE applies it to the stored ones:
 * the cleaned odometer of every position fixed from `from` up to `until`, and the odometers of
 * the trips that ended then (both ends, as the live trip detector's are moved: the distance
 * driven stays).
 */
export function shiftPositionOdometers(positions: PositionRow[], shift: OdometerShift) {
  for (const position of positions) {
    const odometer = position.attributes.odometer
    if (typeof odometer !== 'number' || !covers(shift, position.fixTime.getTime())) continue
    position.attributes.odometer = decimetre(odometer + shift.offset)
  }
}

export function shiftTripOdometers(trips: DetectedTrip[], shift: OdometerShift) {
  for (const trip of trips) {
    if (!covers(shift, trip.end.time)) continue
    trip.start = { ...trip.start, odometer: trip.start.odometer + shift.offset }
    trip.end = { ...trip.end, odometer: trip.end.odometer + shift.offset }
  }
}
