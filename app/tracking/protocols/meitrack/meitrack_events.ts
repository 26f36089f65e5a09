import type { NormalizedEvent, Position, PositionAttributes } from '../../position.js'
import { deviceAlarmEvents, type DeviceAlarmCodes } from '../../events/device_alarm_events.js'

/**
 * Meitrack event codes -> spec §9. Each record carries the event that made the device write
 * it, so each maps to one event. The rest (SOS 1, low battery 17, geofences 20/21, towing 36,
 * jamming 44, fatigue 135, ...) have no §9 code and stay on the position as `deviceEvent`.
 */
const EVENT_CODES: DeviceAlarmCodes = {
  19: { code: '105', state: 'A' }, // speeding
  22: { code: '107', state: 'F' }, // external power restored
  23: { code: '107', state: 'A' }, // external power cut
  78: { code: 'A112' }, // impact
  90: { code: 'A103' }, // sharp left turn
  91: { code: 'A104' }, // sharp right turn
  129: { code: 'A102' }, // harsh braking
  130: { code: 'A101' }, // harsh acceleration
}

export function meitrackEvents(
  _previous: PositionAttributes | undefined,
  position: Position
): NormalizedEvent[] {
  return deviceAlarmEvents(position, EVENT_CODES, 'deviceEvent')
}
