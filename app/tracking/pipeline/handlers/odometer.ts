import { distanceMeters } from '../geo.js'
import type { LiveState } from '../live_state.js'
import type { DetectorPoint, DetectorState } from '../trip_detector.js'
import type { PipelineHandler } from './handler.js'

/** Jumps faster than this between two fixes are GPS glitches: they add no distance. */
export const MAX_PLAUSIBLE_SPEED_KMH = 350

/**
 * Distance and odometer: the device's own odometer when it is plausible, else the
 * accumulated distance (kept to the decimetre, as stored, so a rebuild agrees).
 */
export const odometerHandler: PipelineHandler = {
  name: 'odometer',
  position(context) {
    const { state, position, attributes, time } = context
    const moved =
      position.valid && state.valid && state.latitude !== null && state.longitude !== null
        ? distanceMeters(state.latitude, state.longitude, position.latitude, position.longitude)
        : 0
    const hours = state.fixTime !== null ? (time - state.fixTime) / 3_600_000 : 0
    const plausible = hours <= 0 || moved / 1000 / hours <= MAX_PLAUSIBLE_SPEED_KMH
    if (deviceOdometerUsable(attributes.odometer, state, hours)) {
      const reported = attributes.odometer as number
      // The first odometer a device reports replaces the accumulated one: the trip in
      // progress keeps measuring from the same base.
      if (state.odometer <= 0) {
        state.detector = rebaseDetector(state.detector, reported - state.odometer - moved)
      }
      state.odometer = reported
    } else {
      if (plausible) state.odometer = Math.round((state.odometer + moved) * 10) / 10
      attributes.odometer = state.odometer
    }
    attributes.distance = plausible ? Math.round(moved * 10) / 10 : 0
    context.moved = moved
  },
}

/**
 * A device's own odometer is taken unless it is absurd next to the last one: running
 * backwards by more than a kilometre, or forwards faster than a vehicle can drive (a
 * misread field or a glitching tracker). Then the distance is accumulated instead.
 */
function deviceOdometerUsable(value: unknown, state: LiveState, hours: number): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return false
  if (state.fixTime === null || state.odometer <= 0) return true
  const delta = value - state.odometer
  return delta >= -1000 && delta <= 1000 + Math.max(0, hours) * MAX_PLAUSIBLE_SPEED_KMH * 1000
}

function rebaseDetector(detector: DetectorState, delta: number): DetectorState {
  const shift = (point: DetectorPoint | null) =>
    point ? { ...point, odometer: point.odometer + delta } : null
  return { ...detector, since: shift(detector.since), pending: shift(detector.pending) }
}
