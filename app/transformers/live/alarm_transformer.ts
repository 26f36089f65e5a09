import { BaseTransformer } from '@adonisjs/core/transformers'

/** An alarm row of the dashboard's recent alarms query. */
export type AlarmRow = {
  id: number | string
  device_id: number
  event_time: Date | string
  code: string
  state: string | null
  device_name: string
  device_plate?: string | null
}

/**
 * An alarm in a list: what happened, to which vehicle, when (ISO, UTC). The dashboard's type
 * is generated from this class (`Data.Live.Alarm`).
 */
export default class AlarmTransformer extends BaseTransformer<AlarmRow> {
  toObject() {
    const row = this.resource
    const time = row.event_time instanceof Date ? row.event_time : new Date(row.event_time)
    return {
      id: Number(row.id),
      deviceId: row.device_id,
      vehicle: row.device_name,
      plate: row.device_plate ?? null,
      code: row.code,
      state: row.state === 'A' || row.state === 'F' ? (row.state as 'A' | 'F') : null,
      time: time.toISOString(),
    }
  }
}

export function alarmForList(row: AlarmRow) {
  return new AlarmTransformer(row).toObject()
}
