/**
 * Every event code a notification rule can name: spec §9's alarm and event codes, and
 * the geofence and out-of-hours codes the ingest raises (README "Tracking"). Server and pages share it.
 */
export const alarmCodeGroups = {
  driving: ['A101', 'A102', 'A103', 'A104', 'A105', 'A106', 'A112', 'A113'],
  can: ['A110', 'A120', 'A140'],
  battery: ['NOV', 'HSR', 'LVR', 'HVR', 'HSO', 'NSC', 'LVS', 'INV'],
  connection: ['CONNECTION', 'DISCONNECTED', 'CONNECTION_ON'],
  inputs: ['100', '101', '102', '105', '106', '107', '108', '116', '117', '118', '119'],
  geofence: ['GEOFENCE_ENTER', 'GEOFENCE_EXIT'],
  sensors: ['TEMPERATURE'],
  working_hours: ['OUT_OF_HOURS'],
} as const

export const alarmCodes: string[] = Object.values(alarmCodeGroups).flat()

/** An event's state: A when the condition starts (alarm), F when it ends; null for neither. */
export type AlarmState = 'A' | 'F'

export function alarmStateOf(value: string | null | undefined): AlarmState | null {
  return value === 'A' || value === 'F' ? value : null
}

/** The groups as plain arrays (page props). */
export function alarmCodeChoices(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(alarmCodeGroups).map(([group, codes]) => [group, [...codes]])
  )
}

export const notificationSchedules = ['instant', 'weekly', 'monthly'] as const
export type NotificationSchedule = (typeof notificationSchedules)[number]

export const notificationChannels = ['inbox', 'email', 'sms'] as const
export type NotificationChannel = (typeof notificationChannels)[number]
