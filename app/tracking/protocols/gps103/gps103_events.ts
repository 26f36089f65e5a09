import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { type EventRow, evaluateEventRows } from '../../events/event_rules.js'

const STATE_ROWS: readonly EventRow[] = [{ kind: 'state', code: '100', key: 'ignition' }]

/**
 * GPS103 alarm words -> spec §9 codes. Each alarm is a frame of its own, sent once, so it
 * maps to one event: vibration, accident and movement to A112, overspeed to 105 A, power cut
 * (`ac alarm`) to 107 A. SOS, door, low battery and the rest have no §9 code and stay on the
 * position as `deviceAlarm`.
 */
const ALARM_EVENTS: Record<string, { code: string; state?: 'A' }> = {
  vibration: { code: 'A112' },
  accident: { code: 'A112' },
  movement: { code: 'A112' },
  overspeed: { code: '105', state: 'A' },
  powerCut: { code: '107', state: 'A' },
}

export function gps103Events(
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  const events = evaluateEventRows(STATE_ROWS, previous, position)
  const alarm = position.attributes.deviceAlarm
  const mapped = typeof alarm === 'string' ? ALARM_EVENTS[alarm] : undefined
  if (mapped) {
    events.push({
      code: mapped.code,
      ...(mapped.state ? { state: mapped.state } : {}),
      fixTime: position.fixTime,
      attributes: { deviceAlarm: alarm },
    })
  }
  return events
}
