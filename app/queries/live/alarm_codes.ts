/**
 * Which events of spec §9 are alarms (what the dashboard counts and the vehicle cards list):
 * the driving and CAN alarms (A1xx), abnormal battery voltage, and the activation of
 * overspeed, engine cut and power cut. Ignition, inputs, connection and healthy battery
 * states are events but not alarms.
 */
export const ALARM_VOLTAGE_CODES = ['LVR', 'HVR', 'LVS'] as const
export const ALARM_ON_ACTIVATION_CODES = ['105', '106', '107'] as const

export function isAlarm(code: string, state: string | null): boolean {
  if (/^A\d{3}$/.test(code)) return true
  if ((ALARM_VOLTAGE_CODES as readonly string[]).includes(code)) return true
  return (ALARM_ON_ACTIVATION_CODES as readonly string[]).includes(code) && state === 'A'
}

/** The same rule as a WHERE fragment over the events table (or its alias), with its bindings. */
export function alarmCondition(alias = 'events'): { sql: string; bindings: string[] } {
  const voltage = ALARM_VOLTAGE_CODES.map(() => '?').join(', ')
  const activation = ALARM_ON_ACTIVATION_CODES.map(() => '?').join(', ')
  return {
    sql: `(${alias}.code ~ '^A[0-9]{3}$' OR ${alias}.code IN (${voltage}) OR (${alias}.code IN (${activation}) AND ${alias}.state = 'A'))`,
    bindings: [...ALARM_VOLTAGE_CODES, ...ALARM_ON_ACTIVATION_CODES],
  }
}
