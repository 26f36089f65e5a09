import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * A push rule as its settings page reads it; the page's type is generated from this class
 * (`Data.Alerts.PushSetting`).
 */
export default class PushSettingTransformer extends BaseTransformer<Record<string, any>> {
  toObject() {
    const row = this.resource
    return {
      id: row.id as number,
      deviceId: (row.device_id ?? null) as number | null,
      alarmCodes: (row.alarm_codes ?? []) as string[],
    }
  }
}

export function pushSettingForPage(row: Record<string, any>) {
  return new PushSettingTransformer(row).toObject()
}

export type PushSettingForPage = ReturnType<typeof pushSettingForPage>
