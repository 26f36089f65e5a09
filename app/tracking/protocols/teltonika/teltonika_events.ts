import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { type EventRow, evaluateEventRows } from '../../events/event_rules.js'

/**
 * Teltonika (FMx) attributes -> spec §9 codes. Alarm rows fire only on the record the device
 * generated for the IO event (eventIo), not on periodic records repeating the value.
 *
 * Not mapped, on purpose:
 * - A104 (right turn): IO 253 = 3 says "harsh cornering" without a side, so it maps to A103.
 *   IO 254 (green driving value) carries the magnitude only; no sign tells the side.
 * - A113 (rollover): IO 247 values describe crash traces and calibration, none is a rollover;
 *   every non-zero crash value is an impact (A112).
 * - 105 'F': the over-speeding record (IO 255) carries the speed, not an end flag, so only the
 *   start ('A') is reported.
 * - 108 (RFID buzzer): no FMx IO element reports the buzzer; the iButton/RFID id (IO 78) is
 *   the driver card, not the buzzer state.
 * - 118, 119 (inputs 5, 6): FMx devices have at most 4 digital inputs.
 */
export const TELTONIKA_EVENT_ROWS: readonly EventRow[] = [
  {
    kind: 'instant',
    code: 'A101',
    key: 'greenDrivingType',
    equals: 1,
    triggerIo: 253,
    include: ['greenDrivingValue'],
    note: 'harsh acceleration',
  },
  {
    kind: 'instant',
    code: 'A102',
    key: 'greenDrivingType',
    equals: 2,
    triggerIo: 253,
    include: ['greenDrivingValue'],
    note: 'harsh braking',
  },
  {
    kind: 'instant',
    code: 'A103',
    key: 'greenDrivingType',
    equals: 3,
    triggerIo: 253,
    include: ['greenDrivingValue'],
    note: 'harsh cornering, side unknown',
  },
  { kind: 'instant', code: 'A112', key: 'crash', triggerIo: 247, note: 'crash detected' },
  { kind: 'instant', code: '105', key: 'overspeed', triggerIo: 255, state: 'A' },
  { kind: 'state', code: '100', key: 'ignition' },
  { kind: 'state', code: '101', key: 'inputs', index: 1 },
  { kind: 'state', code: '102', key: 'inputs', index: 2 },
  { kind: 'state', code: '116', key: 'inputs', index: 3 },
  { kind: 'state', code: '117', key: 'inputs', index: 4 },
  { kind: 'state', code: '106', key: 'outputs', index: 1, note: 'DOUT1 drives the cut relay' },
  { kind: 'state', code: '107', key: 'unplug', note: 'IO 252: 1 = external power unplugged' },
]

export function teltonikaEvents(
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  return evaluateEventRows(TELTONIKA_EVENT_ROWS, previous, position)
}
