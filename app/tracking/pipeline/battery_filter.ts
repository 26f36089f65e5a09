import {
  SYSTEM_24V_ABOVE,
  classifyBatteryState,
  type BatteryStateCode,
} from '../events/battery_state.js'
import type { PositionAttributes } from '../position.js'
import { judgeThresholdState, type DebouncedState } from './threshold_state.js'

/** Half-width (12 V system; doubled for 24 V) of the band around each threshold that changes nothing. */
export const BATTERY_DEAD_BAND_V = 0.1
/** How long a new battery state must last before it becomes an event. */
export const BATTERY_MIN_DWELL_MS = 5 * 60_000

const RUNNING: readonly BatteryStateCode[] = ['HVR', 'HSR', 'LVR']
const OFF: readonly BatteryStateCode[] = ['HSO', 'NSC', 'LVS']
const engineOf = (code: BatteryStateCode) =>
  RUNNING.includes(code) ? 'running' : OFF.includes(code) ? 'off' : code

const ignitionOf = (attributes: PositionAttributes) =>
  typeof attributes.ignition === 'boolean' ? attributes.ignition : undefined

export const batteryStateOf = (attributes: PositionAttributes) =>
  classifyBatteryState(attributes.power, ignitionOf(attributes))

/**
 * The battery state event a reading makes, if any (`state` is updated). The first reading is
 * reported at once, as are changes of engine (running/off) and to or from no/invalid voltage.
 */
export function judgeBatteryState(
  state: DebouncedState<BatteryStateCode>,
  attributes: PositionAttributes,
  at: number
): BatteryStateCode | null {
  const power = attributes.power
  const ignition = ignitionOf(attributes)
  const band =
    typeof power === 'number' && power > SYSTEM_24V_ABOVE
      ? BATTERY_DEAD_BAND_V * 2
      : BATTERY_DEAD_BAND_V
  return judgeThresholdState(
    state,
    (offset) => classifyBatteryState(typeof power === 'number' ? power + offset : power, ignition),
    at,
    {
      margin: band,
      minDwellMs: BATTERY_MIN_DWELL_MS,
      immediate: (from, to) => engineOf(from) !== engineOf(to),
    }
  )
}
