/** A notification rule as its settings page reads it. */
export function notificationSettingForPage(row: Record<string, any>) {
  return {
    id: row.id as number,
    name: row.name as string,
    deviceId: (row.device_id ?? null) as number | null,
    alarmCodes: (row.alarm_codes ?? []) as string[],
    schedule: row.schedule as 'instant' | 'weekly' | 'monthly',
    channels: (row.channels ?? []) as ('inbox' | 'email' | 'sms')[],
    emails: (row.emails ?? []) as string[],
    phones: (row.phones ?? []) as string[],
    quietMinutes: row.quiet_minutes as number,
    timezone: row.timezone as string,
    active: row.active as boolean,
    lastError: (row.last_error ?? null) as string | null,
    lastErrorAt: row.last_error_at ? new Date(row.last_error_at).toISOString() : null,
    pending: Number(row.pending ?? 0),
    failed: Number(row.failed ?? 0),
  }
}

export function pushSettingForPage(row: Record<string, any>) {
  return {
    id: row.id as number,
    deviceId: (row.device_id ?? null) as number | null,
    alarmCodes: (row.alarm_codes ?? []) as string[],
  }
}

export type NotificationSettingForPage = ReturnType<typeof notificationSettingForPage>
export type PushSettingForPage = ReturnType<typeof pushSettingForPage>
