import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { type EventRow, evaluateEventRows } from '../../events/event_rules.js'

/**
 * GT06/Concox attributes -> spec §9 codes. `alarm` is the raw alarm byte of alarm packets,
 * `statusAlarm` the alarm bits 3-5 of the terminal information byte.
 *
 * Alarm bytes vary by model; these rows follow the protocol notes (0x19 is harsh acceleration
 * on the models that send it; some older models use it for low battery).
 *
 * Not mapped, on purpose:
 * - A104 (right turn): 0x1B says "hard cornering" without a side, so it maps to A103.
 * - 105/107 'F': alarm packets report the start only.
 * - 108 (RFID buzzer), 101/102 and 116-119 (digital inputs): the GT06 packets decoded here
 *   carry neither (ignition is the ACC line, mapped to 100).
 */
export const GT06_EVENT_ROWS: readonly EventRow[] = [
  { kind: 'instant', code: 'A101', key: 'alarm', equals: 0x19, note: 'harsh acceleration' },
  { kind: 'instant', code: 'A102', key: 'alarm', equals: 0x1a, note: 'hard braking' },
  { kind: 'instant', code: 'A103', key: 'alarm', equals: 0x1b, note: 'hard cornering' },
  { kind: 'instant', code: 'A112', key: 'alarm', equals: 0x03, note: 'vibration' },
  { kind: 'instant', code: 'A112', key: 'alarm', equals: 0x2c, note: 'accident' },
  { kind: 'instant', code: 'A113', key: 'alarm', equals: 0x23, note: 'fall' },
  { kind: 'instant', code: '105', key: 'alarm', equals: 0x06, state: 'A', note: 'overspeed' },
  { kind: 'instant', code: '107', key: 'alarm', equals: 0x02, state: 'A', note: 'power cut' },
  { kind: 'instant', code: 'A112', key: 'statusAlarm', equals: 1, note: 'vibration' },
  { kind: 'instant', code: '107', key: 'statusAlarm', equals: 2, state: 'A', note: 'power cut' },
  { kind: 'state', code: '100', key: 'ignition' },
  { kind: 'state', code: '106', key: 'blocked', note: 'terminal info bit 7: oil/electricity cut' },
]

export function gt06Events(
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  return evaluateEventRows(GT06_EVENT_ROWS, previous, position)
}
