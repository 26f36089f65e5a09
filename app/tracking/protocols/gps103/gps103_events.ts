import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { type EventRow, evaluateEventRows } from '../../events/event_rules.js'
import { deviceAlarmEvents, type DeviceAlarmCodes } from '../../events/device_alarm_events.js'

const STATE_ROWS: readonly EventRow[] = [{ kind: 'state', code: '100', key: 'ignition' }]

/**
 * GPS103 alarm words -> spec §9 codes. Each alarm is a frame of its own, sent once, so it
 * maps to one event: vibration, accident and movement to A112, overspeed to 105 A, power cut
 * (`ac alarm`) to 107 A. SOS, door, low battery and the rest have no §9 code and stay on the
 * position as `deviceAlarm`.
 */
const ALARM_EVENTS: DeviceAlarmCodes = {
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
  events.push(...deviceAlarmEvents(position, ALARM_EVENTS))
  return events
}
