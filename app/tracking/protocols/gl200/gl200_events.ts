import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { type EventRow, evaluateEventRows } from '../../events/event_rules.js'
import { deviceAlarmEvents, type DeviceAlarmCodes } from '../../events/device_alarm_events.js'

/**
 * Queclink reports -> spec §9. Ignition (GTIGN/GTIGF, the device status) is 100 A/F; inputs
 * 1-2 (GTDIS, the device status) 101/102 A/F. Each event report is a frame of its own, sent
 * once (output 1, the relay, from the device status: engine cut 106 A/F): GTSPD overspeed 105 A; GTEPF/GTMPF power cut 107 A and GTEPN/GTMPN power restored
 * 107 F; GTHBM harsh acceleration A101 and braking A102; GTTOW towing A112. SOS, geofences,
 * low battery, jamming, idling and cornering (no side given) have no §9 code and stay on the
 * position as `deviceAlarm`.
 */
export const GL200_EVENT_ROWS: readonly EventRow[] = [
  { kind: 'state', code: '100', key: 'ignition' },
  { kind: 'state', code: '101', key: 'inputs', index: 1 },
  { kind: 'state', code: '102', key: 'inputs', index: 2 },
  { kind: 'state', code: '106', key: 'outputs', index: 1 },
]

const ALARM_EVENTS: DeviceAlarmCodes = {
  overspeed: { code: '105', state: 'A' },
  powerCut: { code: '107', state: 'A' },
  powerRestored: { code: '107', state: 'F' },
  hardAcceleration: { code: 'A101' },
  hardBraking: { code: 'A102' },
  tow: { code: 'A112' },
}

export function gl200Events(
  previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  const events = evaluateEventRows(GL200_EVENT_ROWS, previous, position)
  events.push(...deviceAlarmEvents(position, ALARM_EVENTS))
  return events
}
