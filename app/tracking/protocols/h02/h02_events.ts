import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { type EventRow, evaluateEventRows } from '../../events/event_rules.js'

/**
 * H02 status word -> spec §9 codes. The alarm bits stay cleared while the condition lasts,
 * so they are states (A when raised, F when cleared); vibration is A112, a one-shot code,
 * raised once per episode. SOS has no §9 code: it is kept as `sosAlarm` on the position.
 */
export const H02_EVENT_ROWS: readonly EventRow[] = [
  { kind: 'state', code: '100', key: 'ignition', note: 'status bit 10' },
  { kind: 'state', code: '105', key: 'overspeedAlarm', note: 'status bit 2' },
  { kind: 'state', code: '107', key: 'powerCut', note: 'status bit 19' },
]

export function h02Events(
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  const events = evaluateEventRows(H02_EVENT_ROWS, previous, position)
  if (position.attributes.vibrationAlarm === true && previous?.vibrationAlarm !== true) {
    events.push({ code: 'A112', fixTime: position.fixTime, attributes: { vibrationAlarm: true } })
  }
  return events
}
