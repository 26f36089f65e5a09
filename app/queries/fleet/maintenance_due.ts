import { visibleVehiclesOnly } from '#abilities/vehicle_scope'
import db from '@adonisjs/lucid/services/db'
import maintenanceConfig from '#config/maintenance'
import { dueStateSql, type DueWindow } from '#shared/maintenance'
import type { MaintenanceDueState } from '#shared/fleet_enums'

/** The vehicle's odometer in whole km, from its live state (device_states, metres). */
export const ODOMETER_KM_SQL = 'floor(coalesce(s.odometer, 0) / 1000)::int'

export const dueWindow: DueWindow = {
  days: maintenanceConfig.reminderDays,
  km: maintenanceConfig.reminderKm,
}

/** The company's "maintenance reminder interval (days)" when set, else the window's days. */
export const companyDaysSql = (companyColumn: string, window: DueWindow = dueWindow) =>
  `coalesce((SELECT cs.maintenance_reminder_days FROM company_settings cs WHERE cs.company_id = ${companyColumn}), ${Math.trunc(window.days)})`

/**
 * The state of a schedule row (alias `maintenance_schedules`, live state joined as `s`); the
 * days before the next date are its company's setting, else the window's.
 */
export const scheduleStateSql = (window: DueWindow = dueWindow, today?: string) =>
  dueStateSql(
    'maintenance_schedules.next_date',
    'maintenance_schedules.next_distance_km',
    ODOMETER_KM_SQL,
    window,
    today,
    companyDaysSql('maintenance_schedules.company_id', window)
  )

export interface MaintenanceDueRow {
  id: number
  deviceId: number
  deviceName: string
  maintenanceType: string
  nextDate: string | null
  nextDistanceKm: number | null
  odometerKm: number
  kmLeft: number | null
  daysLeft: number | null
  state: MaintenanceDueState
}

/**
 * The company's maintenance items that are due or overdue (by date or by km, whichever comes
 * first), most urgent first; one vehicle's items when `deviceId` is given, all of them with
 * `includeOk` (the vehicle page lists what is coming too).
 */
export async function maintenanceDue(
  companyId: number,
  options: {
    deviceId?: number
    includeOk?: boolean
    limit?: number
    today?: string
    /** The member's vehicle groups (issue 27); null or absent: every vehicle. */
    deviceGroupIds?: number[] | null
  } = {}
): Promise<MaintenanceDueRow[]> {
  // The day is the user's (an ISO date, checked before it reaches the SQL), else the database's.
  if (options.today && !/^\d{4}-\d{2}-\d{2}$/.test(options.today)) {
    throw new Error(`maintenanceDue: not an ISO date: ${options.today}`)
  }
  const today = options.today ? `'${options.today}'::date` : 'current_date'
  const state = scheduleStateSql(dueWindow, today)
  const query = db
    .from('maintenance_schedules')
    .join('devices as d', 'd.id', 'maintenance_schedules.device_id')
    .leftJoin('device_states as s', 's.device_id', 'maintenance_schedules.device_id')
    .where('maintenance_schedules.company_id', companyId)
    .select(
      'maintenance_schedules.id',
      'maintenance_schedules.device_id',
      'd.name as device_name',
      'maintenance_schedules.maintenance_type',
      db.raw(`to_char(maintenance_schedules.next_date, 'YYYY-MM-DD') as next_date`),
      'maintenance_schedules.next_distance_km',
      db.raw(`${ODOMETER_KM_SQL} as odometer_km`),
      db.raw(`(maintenance_schedules.next_distance_km - ${ODOMETER_KM_SQL}) as km_left`),
      db.raw(`(maintenance_schedules.next_date - ${today}) as days_left`),
      db.raw(`${state} as state`)
    )
    .orderByRaw(`CASE ${state} WHEN 'overdue' THEN 0 WHEN 'due' THEN 1 ELSE 2 END`)
    .orderByRaw('maintenance_schedules.next_date ASC NULLS LAST')
    .orderBy('maintenance_schedules.id')
  if (options.deviceId) query.where('maintenance_schedules.device_id', options.deviceId)
  if (options.deviceGroupIds) {
    visibleVehiclesOnly(query, 'maintenance_schedules.device_id', {
      companyId,
      deviceGroupIds: options.deviceGroupIds,
    })
  }
  if (!options.includeOk) query.whereRaw(`${state} <> 'ok'`)
  if (options.limit) query.limit(options.limit)
  const rows = await query
  return rows.map((row) => ({
    id: row.id,
    deviceId: row.device_id,
    deviceName: row.device_name,
    maintenanceType: row.maintenance_type,
    nextDate: row.next_date,
    nextDistanceKm: row.next_distance_km,
    odometerKm: Number(row.odometer_km),
    kmLeft: row.km_left === null ? null : Number(row.km_left),
    daysLeft: row.days_left === null ? null : Number(row.days_left),
    state: row.state,
  }))
}
