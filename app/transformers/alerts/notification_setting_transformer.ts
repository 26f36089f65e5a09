import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * A notification rule as its settings page reads it; the page's type is generated from this
 * class (`Data.Alerts.NotificationSetting`).
 */
export default class NotificationSettingTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const row = this.resource
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
}

export function notificationSettingForPage(row: Record<string, any>) {
  return new NotificationSettingTransformer(row).toObject()
}

export type NotificationSettingForPage = ReturnType<typeof notificationSettingForPage>
