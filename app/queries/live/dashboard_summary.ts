import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { alarmCondition } from '#queries/live/alarm_codes'
import { visibleDeviceSql } from '#services/billing/expiry_rule'
import { visibleVehiclesOnly, type VehicleScope } from '#abilities/vehicle_scope'

/**
 * A company id (every vehicle) or a member's vehicle scope (issue 27): the dashboard's
 * figures count only the vehicles the member sees.
 */
type Scope = number | VehicleScope
const scopeOf = (scope: Scope): VehicleScope =>
  typeof scope === 'number' ? { companyId: scope, deviceGroupIds: null } : scope
const groupsSql = (column: string, scope: VehicleScope) =>
  scope.deviceGroupIds === null
    ? { sql: 'TRUE', bindings: [] as unknown[] }
    : {
        sql: `${column} IN (SELECT id FROM devices WHERE company_id = ? AND group_id = ANY(?::int[]))`,
        bindings: [scope.companyId, scope.deviceGroupIds] as unknown[],
      }

export type FleetStatus = 'moving' | 'idle' | 'stopped' | 'offline'
export type FleetCounts = Record<FleetStatus, number> & { total: number }

/** SQL for a device's status on the live screens: offline without a state or when not online. */
export const fleetStatusSql = `CASE WHEN s.device_id IS NULL OR NOT s.online THEN 'offline' ELSE s.live_status END`

export async function fleetStatusCounts(company: Scope): Promise<FleetCounts> {
  const scope = scopeOf(company)
  const rows = await visibleVehiclesOnly(
    db
      .from('devices as d')
      .leftJoin('device_states as s', 's.device_id', 'd.id')
      .where('d.company_id', scope.companyId),
    'd.id',
    scope
  )
    .select(db.raw(`${fleetStatusSql} AS status`))
    .count('* as total')
    .groupByRaw('1')
  const counts: FleetCounts = { moving: 0, idle: 0, stopped: 0, offline: 0, total: 0 }
  for (const row of rows) {
    const status = row.status as FleetStatus
    if (status in counts) counts[status] += Number(row.total)
    counts.total += Number(row.total)
  }
  return counts
}

export interface DayWindow {
  start: DateTime
  end: DateTime
}

/** Today in the user's time zone, as [start, end). */
export function todayIn(timezone: string, now: DateTime<boolean> = DateTime.now()): DayWindow {
  const start = now.setZone(timezone).startOf('day')
  return { start, end: start.plus({ days: 1 }) }
}

/**
 * Trips not yet closed by the detector (device_states.detector in 'trip' mode) that started
 * at or after `since`: their distance and driving time so far, per device.
 */
async function tripsInProgress(company: Scope, since: DateTime) {
  const scope = scopeOf(company)
  const groups = groupsSql('s.device_id', scope)
  const rows = await db.rawQuery(
    `SELECT s.device_id,
            GREATEST(0, COALESCE((s.detector->'pending'->>'odometer')::float8, s.odometer)
              - (s.detector->'since'->>'odometer')::float8) AS distance,
            GREATEST(0, (COALESCE((s.detector->'pending'->>'time')::float8,
              EXTRACT(EPOCH FROM s.fix_time) * 1000) - (s.detector->'since'->>'time')::float8) / 1000) AS duration
       FROM device_states s
      WHERE s.company_id = ? AND s.detector->>'mode' = 'trip'
        AND ${visibleDeviceSql('s.device_id')}
        AND ${groups.sql}
        AND (s.detector->'since'->>'time')::float8 >= ?`,
    [scope.companyId, ...groups.bindings, since.toMillis()]
  )
  return (rows.rows as { device_id: number; distance: number; duration: number }[]).map((row) => ({
    deviceId: row.device_id,
    distance: Number(row.distance),
    duration: Number(row.duration),
  }))
}

/** Distance (metres) and driving time (seconds) of trips that started today, the open ones included. */
export async function drivingToday(company: Scope, today: DayWindow) {
  const scope = scopeOf(company)
  const [closed] = await visibleVehiclesOnly(db.from('trips'), 'trips.device_id', scope)
    .where('company_id', scope.companyId)
    .whereRaw(visibleDeviceSql('trips.device_id'))
    .where('start_time', '>=', today.start.toJSDate())
    .where('start_time', '<', today.end.toJSDate())
    .select(
      db.raw('COALESCE(SUM(distance), 0) AS distance'),
      db.raw('COALESCE(SUM(duration), 0) AS duration'),
      db.raw('COUNT(*) AS trips')
    )
  const open = await tripsInProgress(scope, today.start)
  return {
    distance: Number(closed.distance) + open.reduce((sum, trip) => sum + trip.distance, 0),
    drivingSeconds: Math.round(
      Number(closed.duration) + open.reduce((sum, trip) => sum + trip.duration, 0)
    ),
    trips: Number(closed.trips) + open.length,
  }
}

export async function alarmsBetween(company: Scope, window: DayWindow): Promise<number> {
  const alarm = alarmCondition('events')
  const scope = scopeOf(company)
  const [row] = await visibleVehiclesOnly(db.from('events'), 'events.device_id', scope)
    .where('company_id', scope.companyId)
    .whereRaw(visibleDeviceSql('events.device_id'))
    .where('event_time', '>=', window.start.toJSDate())
    .where('event_time', '<', window.end.toJSDate())
    .whereRaw(alarm.sql, alarm.bindings)
    .count('* as total')
  return Number(row.total)
}

export async function recentAlarms(company: Scope, limit = 10) {
  const alarm = alarmCondition('events')
  const scope = scopeOf(company)
  return visibleVehiclesOnly(db.from('events'), 'events.device_id', scope)
    .join('devices', 'devices.id', 'events.device_id')
    .where('events.company_id', scope.companyId)
    .whereRaw(visibleDeviceSql('events.device_id'))
    .whereRaw(alarm.sql, alarm.bindings)
    .orderBy('events.event_time', 'desc')
    .orderBy('events.id', 'desc')
    .limit(limit)
    .select(
      'events.id',
      'events.device_id',
      'events.event_time',
      'events.code',
      'events.state',
      'devices.name as device_name',
      'devices.plate as device_plate'
    )
}

/** Devices whose licence ends within `days` days of today (or already ended), soonest first. */
export async function expiringLicences(company: Scope, today: DayWindow, days = 30, limit = 20) {
  const horizon = today.start.plus({ days }).toISODate()
  const scope = scopeOf(company)
  return visibleVehiclesOnly(db.from('devices'), 'devices.id', scope)
    .where('company_id', scope.companyId)
    .whereNotNull('licence_end_date')
    .where('licence_end_date', '<=', horizon!)
    .orderBy('licence_end_date', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .select(
      'id',
      'name',
      'plate',
      'imei',
      db.raw(`to_char(licence_end_date, 'YYYY-MM-DD') AS licence_end_date`)
    )
}

/** Distance driven per local day over the last `days` days (today included), oldest first. */
export async function distanceByDay(company: Scope, timezone: string, today: DayWindow, days = 7) {
  const first = today.start.minus({ days: days - 1 })
  const scope = scopeOf(company)
  const rows = await visibleVehiclesOnly(db.from('trips'), 'trips.device_id', scope)
    .where('company_id', scope.companyId)
    .whereRaw(visibleDeviceSql('trips.device_id'))
    .where('start_time', '>=', first.toJSDate())
    .where('start_time', '<', today.end.toJSDate())
    .select(db.raw(`to_char(start_time AT TIME ZONE ?, 'YYYY-MM-DD') AS day`, [timezone]))
    .sum('distance as distance')
    .groupByRaw('1')
  const byDay = new Map(rows.map((row) => [row.day as string, Number(row.distance)]))
  const open = await tripsInProgress(scope, today.start)
  const todayKey = today.start.toISODate()!
  byDay.set(
    todayKey,
    (byDay.get(todayKey) ?? 0) + open.reduce((sum, trip) => sum + trip.distance, 0)
  )
  return Array.from({ length: days }, (_, index) => {
    const day = first.plus({ days: index }).toISODate()!
    return { day, distance: byDay.get(day) ?? 0 }
  })
}
