import { BaseTransformer } from '@adonisjs/core/transformers'
import { alarmStateOf } from '#shared/alarm_code_list'
import { playbackAt } from '#services/geocoder/card_places'

/** A row of the vehicle's recent alarms query (`vehicleAlarms`). */
export type VehicleAlarmRow = {
  id: number | string
  event_time: Date | string
  code: string
  state: string | null
  latitude: number | null
  longitude: number | null
}

/** One of the vehicle page's recent alarms, its place by name, and the user's zone. */
export type AlarmOfCard = {
  row: VehicleAlarmRow
  deviceId: number
  place: string | null
  timezone: string
}

/**
 * An alarm on the vehicle page's recent alarms card: where it happened by name and the
 * history page's query that plays the vehicle back from that moment (`Data.Live.VehicleAlarm`).
 */
export default class VehicleAlarmTransformer extends BaseTransformer<AlarmOfCard> {
  toObject() {
    const { row, deviceId, place, timezone } = this.resource
    const time = new Date(row.event_time).toISOString()
    return {
      id: Number(row.id),
      code: row.code,
      state: alarmStateOf(row.state),
      time,
      lat: row.latitude,
      lon: row.longitude,
      place,
      playback: playbackAt(deviceId, time, timezone),
    }
  }
}

/** The recent alarms card; `places` are one per alarm (`alarmPoints`). */
export function vehicleAlarmsForList(
  rows: VehicleAlarmRow[],
  deviceId: number,
  places: (string | null)[],
  timezone: string
) {
  return rows.map((row, index) =>
    new VehicleAlarmTransformer({
      row,
      deviceId,
      place: places[index] ?? null,
      timezone,
    }).toObject()
  )
}
