import { DateTime } from 'luxon'
import type { DayWindow } from '#queries/live/dashboard_summary'

function isoOf(value: Date | string | null): string | null {
  if (value === null) return null
  return (value instanceof Date ? value : new Date(value)).toISOString()
}

/** An alarm in a list: what happened, to which vehicle, when (ISO, UTC). */
export function alarmForList(row: {
  id: number | string
  device_id: number
  event_time: Date | string
  code: string
  state: string | null
  device_name: string
  device_plate?: string | null
}) {
  return {
    id: Number(row.id),
    deviceId: row.device_id,
    vehicle: row.device_name,
    plate: row.device_plate ?? null,
    code: row.code,
    state: row.state === 'A' || row.state === 'F' ? (row.state as 'A' | 'F') : null,
    time: isoOf(row.event_time)!,
  }
}

/** A vehicle whose licence (subscription) ends soon, with the days left (negative once ended). */
export function licenceForList(
  row: { id: number; name: string; plate: string | null; imei: string; licence_end_date: string },
  today: DayWindow
) {
  const end = DateTime.fromISO(row.licence_end_date, { zone: today.start.zone })
  return {
    deviceId: row.id,
    vehicle: row.name,
    plate: row.plate,
    imei: row.imei,
    endDate: row.licence_end_date,
    daysRemaining: Math.round(end.diff(today.start, 'days').days),
  }
}
