import type { EventState, NormalizedEvent, Position } from '../position.js'

/** A device alarm word or event code and the §9 code (and state) it stands for. */
export type DeviceAlarmCodes = Readonly<
  Record<string | number, { code: string; state?: EventState }>
>

/**
 * The §9 event of the alarm or event a report carries (`deviceAlarm`, Meitrack's numeric
 * `deviceEvent`), for families that send each alarm as a report of its own, once (GPS103,
 * Queclink, Meitrack): one event, or none for an alarm without a §9 code.
 */
export function deviceAlarmEvents(
  position: Position,
  codes: DeviceAlarmCodes,
  key: 'deviceAlarm' | 'deviceEvent' = 'deviceAlarm'
): NormalizedEvent[] {
  const alarm = position.attributes[key]
  const mapped = typeof alarm === 'string' || typeof alarm === 'number' ? codes[alarm] : undefined
  if (!mapped) return []
  return [
    {
      code: mapped.code,
      ...(mapped.state ? { state: mapped.state } : {}),
      fixTime: position.fixTime,
      attributes: { [key]: alarm },
    },
  ]
}
