import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { type EventRow, evaluateEventRows } from '../../events/event_rules.js'

/**
 * Ruptela IO -> spec §9: ignition (251/409) 100 A/F; harsh braking (134) A102, harsh
 * acceleration (136) A101 and accident (411) A112, each on the record that carries it. Jamming
 * (88) has no §9 code and stays on the position.
 */
export const RUPTELA_EVENT_ROWS: readonly EventRow[] = [
  { kind: 'state', code: '100', key: 'ignition' },
  { kind: 'instant', code: 'A102', key: 'harshBraking' },
  { kind: 'instant', code: 'A101', key: 'harshAcceleration' },
  { kind: 'instant', code: 'A112', key: 'accident' },
]

export function ruptelaEvents(
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  return evaluateEventRows(RUPTELA_EVENT_ROWS, previous, position)
}
