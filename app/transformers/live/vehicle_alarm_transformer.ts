import { BaseTransformer } from '@adonisjs/core/transformers'
import { alarmStateOf } from '#shared/alarm_code_list'

/** A row of the vehicle's recent alarms query (`vehicleAlarms`). */
export type VehicleAlarmRow = {
  id: number | string
  event_time: Date | string
  code: string
  state: string | null
  latitude: number | null
  longitude: number | null
}

/** An alarm on the vehicle page's recent alarms card (`Data.Live.VehicleAlarm`). */
export default class VehicleAlarmTransformer extends BaseTransformer<VehicleAlarmRow> {
  toObject() {
    const row = this.resource
    return {
      id: Number(row.id),
      code: row.code,
      state: alarmStateOf(row.state),
      time: new Date(row.event_time).toISOString(),
      lat: row.latitude,
      lon: row.longitude,
    }
  }
}

export function vehicleAlarmsForList(rows: VehicleAlarmRow[]) {
  return rows.map((row) => new VehicleAlarmTransformer(row).toObject())
}
