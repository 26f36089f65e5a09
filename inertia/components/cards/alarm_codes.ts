/**
 * Whether an event is an alarm: driving and CAN alarms (A1xx), abnormal battery voltage, and
 * overspeed, engine cut or power cut becoming active. The server's rule is
 * app/queries/live/alarm_codes.ts (a unit test checks that both agree).
 */
export function isAlarmEvent(code: string, state: string | null) {
  if (/^A\d{3}$/.test(code)) return true
  if (['LVR', 'HVR', 'LVS'].includes(code)) return true
  return ['105', '106', '107'].includes(code) && state === 'A'
}
