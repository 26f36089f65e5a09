import { distanceMeters } from '../geo.js'
import { addFlag, judgeOdometer, type OdometerFilterState } from '../plausibility.js'
import {
  initialPlausibilityState,
  odometerOffsetAt,
  recordOdometerOffset,
  type PlausibilityState,
} from '../plausibility_state.js'
import type { DetectorPoint, DetectorState } from '../trip_detector.js'
import type { PipelineHandler } from './handler.js'

const decimetre = (metres: number) => Math.round(metres * 10) / 10

/**
 * Distance and the cleaned odometer (metres, `attributes.odometer`). A device that reports its
 * own odometer (Teltonika IO 16 or else its CAN odometer IO 87, GT06 mileage, OsmAnd
 * `odometer`, H02, Meitrack, Ruptela CAN odometer) has its raw value kept as `attributes.deviceOdometer` and judged by
 * `judgeOdometer`: a zero after non-zero, a step backwards or a step faster than the company's
 * maxPlausibleSpeedKmh is flagged and ignored (the cleaned odometer holds), and a lasting new
 * level becomes the new base, so the cleaned odometer continues without a jump. A device
 * without one accumulates the distance between good fixes (kept to the decimetre, as stored,
 * so a rebuild agrees). Fixes judged implausible arrive here marked invalid: they add nothing.
 */
export const odometerHandler: PipelineHandler = {
  name: 'odometer',
  position(context) {
    const { state, position, attributes, device } = context
    const memory = (state.plausibility ??= initialPlausibilityState())
    const moved =
      position.valid && state.valid && state.latitude !== null && state.longitude !== null
        ? distanceMeters(state.latitude, state.longitude, position.latitude, position.longitude)
        : 0
    const raw = attributes.odometer
    // A device that has only ever sent 0 has no odometer (the field is there, unused).
    const reports =
      typeof raw === 'number' &&
      Number.isFinite(raw) &&
      raw >= 0 &&
      (raw > 0 || (memory.odometer.last?.metres ?? 0) > 0)
    if (reports) {
      attributes.deviceOdometer = raw as number
      const first = memory.odometer.last === null
      const cleaned = judgeDeviceOdometer(
        memory,
        raw as number,
        position.fixTime,
        device.settings.maxPlausibleSpeedKmh,
        attributes,
        moved
      )
      if (first) {
        // The first odometer a device reports replaces the accumulated one: the trip in progress
        // keeps measuring from the same base.
        state.detector = rebaseDetector(state.detector, cleaned - state.odometer - moved)
      }
      state.odometer = cleaned
    } else if (memory.odometer.last === null) {
      state.odometer = decimetre(state.odometer + moved)
    }
    attributes.odometer = state.odometer
    attributes.distance = decimetre(moved)
    context.moved = moved
  },
  /**
   * A late position (fix time before the live one) from a tracker with its own odometer: its
   * raw reading is kept as `deviceOdometer` and the cleaned one gets the offset that applied at
   * its fix time (before a correction or a rebase recorded since, if its fix is older), so the
   * day it falls in does not jump. It is not judged (the readings around it were).
   */
  late({ state, position, attributes }) {
    const memory = state.plausibility
    const raw = attributes.odometer
    if (!memory?.odometer.last || typeof raw !== 'number' || !Number.isFinite(raw) || raw <= 0)
      return
    attributes.deviceOdometer = raw
    attributes.odometer = decimetre(
      raw + odometerOffsetAt(memory.odometer, position.fixTime.getTime())
    )
  },
}

/** Runs `judgeOdometer` over the persisted state; returns the cleaned odometer (m). */
export function judgeDeviceOdometer(
  memory: PlausibilityState,
  metres: number,
  at: Date,
  maxSpeedKmh: number,
  attributes: Record<string, unknown>,
  movedMetres = 0
): number {
  const kept = memory.odometer
  // The GPS distance since the last accepted reading: on a rebase, what was driven between that
  // reading and the first one at the new level is counted, so no distance is lost.
  const gps = (kept.gps ?? 0) + movedMetres
  const candidateBefore = kept.candidate
  const toReading = (value: { metres: number; time: number }) => ({
    km: value.metres / 1000,
    at: new Date(value.time),
  })
  const filter: OdometerFilterState = {
    lastGood: kept.last ? toReading(kept.last) : null,
    offsetKm: kept.offset / 1000,
    candidate: kept.candidate
      ? {
          first: toReading(kept.candidate.first),
          last: toReading(kept.candidate.last),
          count: kept.candidate.count,
        }
      : null,
  }
  const verdict = judgeOdometer(filter, { km: metres / 1000, at }, maxSpeedKmh)
  const fromReading = (value: { km: number; at: Date }) => ({
    metres: decimetre(value.km * 1000),
    time: value.at.getTime(),
  })
  const startsCandidate = filter.candidate !== null && filter.candidate.count === 1
  const gap = verdict.rebased
    ? (candidateBefore?.gap ?? 0)
    : startsCandidate
      ? gps
      : (candidateBefore?.gap ?? 0)
  const offset = decimetre(filter.offsetKm * 1000 + (verdict.rebased ? gap : 0))
  memory.odometer = {
    last: filter.lastGood ? fromReading(filter.lastGood) : null,
    offset: kept.offset,
    history: kept.history,
    candidate: filter.candidate
      ? {
          first: fromReading(filter.candidate.first),
          last: fromReading(filter.candidate.last),
          count: filter.candidate.count,
          gap,
        }
      : null,
    gps: verdict.flag && !verdict.rebased ? gps : 0,
  }
  if (offset !== kept.offset) recordOdometerOffset(memory.odometer, at.getTime(), offset)
  if (verdict.flag) addFlag(attributes, `odometer:${verdict.flag}`)
  if (verdict.rebased) addFlag(attributes, 'odometer:rebased')
  if (verdict.rebased) return decimetre(metres + offset)
  return decimetre((verdict.cleanedKm ?? metres / 1000) * 1000)
}

function rebaseDetector(detector: DetectorState, delta: number): DetectorState {
  const shift = (point: DetectorPoint | null) =>
    point ? { ...point, odometer: point.odometer + delta } : null
  return { ...detector, since: shift(detector.since), pending: shift(detector.pending) }
}
