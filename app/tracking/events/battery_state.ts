import type { NormalizedEvent, Position, PositionAttributes } from '../position.js'

/** Spec §9 battery codes. */
export type BatteryStateCode = 'NOV' | 'HSR' | 'LVR' | 'HVR' | 'HSO' | 'NSC' | 'LVS' | 'INV'

export interface BatteryStateRow {
  engine: 'running' | 'off'
  /** Lower bound in volts for a 12 V system (doubled for 24 V systems). */
  above: number
  /** Whether a voltage equal to `above` belongs to this row. */
  inclusive: boolean
  code: BatteryStateCode
  meaning: string
}

/**
 * External (vehicle) voltage thresholds, 12 V values; the first matching row wins.
 *
 * | engine  | 12 V system        | 24 V system        | code |
 * | ------- | ------------------ | ------------------ | ---- |
 * | running | > 14.8             | > 29.6             | HVR  |
 * | running | 13.2 .. 14.8       | 26.4 .. 29.6       | HSR  |
 * | running | < 13.2             | < 26.4             | LVR  |
 * | off     | >= 12.4            | >= 24.8            | HSO  |
 * | off     | 12.0 .. < 12.4     | 24.0 .. < 24.8     | NSC  |
 * | off     | < 12.0             | < 24.0             | LVS  |
 *
 * No voltage at all is NOV; a non-numeric value or one outside 0..40 V is INV. A reading above
 * 18 V means a 24 V system. The engine counts as running only when ignition is reported on
 * (unknown ignition is read as off: a parked vehicle is the safer assumption for charge advice).
 */
export const BATTERY_STATE_TABLE: readonly BatteryStateRow[] = [
  {
    engine: 'running',
    above: 14.8,
    inclusive: false,
    code: 'HVR',
    meaning: 'high voltage while running',
  },
  {
    engine: 'running',
    above: 13.2,
    inclusive: true,
    code: 'HSR',
    meaning: 'healthy, engine running',
  },
  {
    engine: 'running',
    above: -Infinity,
    inclusive: true,
    code: 'LVR',
    meaning: 'low voltage while running',
  },
  { engine: 'off', above: 12.4, inclusive: true, code: 'HSO', meaning: 'healthy, engine off' },
  {
    engine: 'off',
    above: 12.0,
    inclusive: true,
    code: 'NSC',
    meaning: 'normal, should be charged',
  },
  {
    engine: 'off',
    above: -Infinity,
    inclusive: true,
    code: 'LVS',
    meaning: 'low voltage, engine off',
  },
]

export const MIN_VALID_VOLTAGE = 0
export const MAX_VALID_VOLTAGE = 40
/** Readings above this come from a 24 V system. */
export const SYSTEM_24V_ABOVE = 18

export function classifyBatteryState(
  voltage: unknown,
  ignition: boolean | undefined
): BatteryStateCode {
  if (voltage === undefined || voltage === null) return 'NOV'
  if (typeof voltage !== 'number' || !Number.isFinite(voltage)) return 'INV'
  if (voltage < MIN_VALID_VOLTAGE || voltage > MAX_VALID_VOLTAGE) return 'INV'
  const scale = voltage > SYSTEM_24V_ABOVE ? 2 : 1
  const engine = ignition === true ? 'running' : 'off'
  for (const row of BATTERY_STATE_TABLE) {
    if (row.engine !== engine) continue
    const bound = row.above * scale
    if (voltage > bound || (row.inclusive && voltage === bound)) return row.code
  }
  return 'INV'
}

function classify(attributes: PositionAttributes): BatteryStateCode {
  const ignition = typeof attributes.ignition === 'boolean' ? attributes.ignition : undefined
  return classifyBatteryState(attributes.power, ignition)
}

/**
 * The battery state of a position, as an event when it differs from the previous state
 * (or when there is no previous state). Pass the device's merged latest attributes: a
 * position without `power` reads as NOV.
 */
export function batteryStateEvent(
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent | null {
  const code = classify(position.attributes)
  if (previous && classify(previous) === code) return null
  const attributes: Record<string, unknown> = {}
  if (position.attributes.power !== undefined) attributes.power = position.attributes.power
  return { code, fixTime: position.fixTime, attributes }
}
