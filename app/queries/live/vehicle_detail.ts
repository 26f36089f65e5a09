import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import Device from '#models/device'
import Trip from '#models/trip'
import Stop from '#models/stop'
import DeviceCommand from '#models/device_command'
import { alarmCondition } from '#queries/live/alarm_codes'
import { visibleDeviceSql } from '#services/billing/expiry_rule'

/**
 * A vehicle of the company with its driver, group and state; another company's id is a 404.
 * The live state is left out while the vehicle's subscription is expired.
 */
export async function findCompanyVehicle(
  companyId: number,
  id: number,
  deviceGroupIds: number[] | null = null
) {
  return Device.query()
    .where('company_id', companyId)
    .where('id', id)
    .if(deviceGroupIds, (query) =>
      query.whereRaw('group_id = ANY(?::int[])', [deviceGroupIds ?? []])
    )
    .preload('driver')
    .preload('group')
    .preload('state', (state) => state.whereRaw(visibleDeviceSql('device_states.device_id')))
    .firstOrFail()
}

/** Names of the region, department and category a vehicle points to. */
export async function vehicleReferenceNames(device: Device) {
  const row = await db
    .from('devices as d')
    .leftJoin('regions as r', 'r.id', 'd.region_id')
    .leftJoin('departments as dp', 'dp.id', 'd.department_id')
    .leftJoin('vehicle_categories as c', 'c.id', 'd.category_id')
    .where('d.id', device.id)
    .where('d.company_id', device.companyId)
    .select('r.name as region', 'dp.name as department', 'c.name as category')
    .first()
  return {
    region: (row?.region as string | null) ?? null,
    department: (row?.department as string | null) ?? null,
    category: (row?.category as string | null) ?? null,
  }
}

export async function lastTrips(device: Device, limit = 3) {
  return Trip.query()
    .where('company_id', device.companyId)
    .where('device_id', device.id)
    .orderBy('start_time', 'desc')
    .limit(limit)
}

export async function lastStops(device: Device, limit = 3) {
  return Stop.query()
    .where('company_id', device.companyId)
    .where('device_id', device.id)
    .orderBy('start_time', 'desc')
    .limit(limit)
}

export async function vehicleAlarms(device: Device, limit = 5) {
  const alarm = alarmCondition('events')
  return db
    .from('events')
    .where('company_id', device.companyId)
    .where('device_id', device.id)
    .whereRaw(alarm.sql, alarm.bindings)
    .orderBy('event_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .select('id', 'event_time', 'code', 'state', 'latitude', 'longitude')
}

/** How many alarms of one code, and when the last one was. */
export type AlarmCount = { code: string; count: number; last: Date }

/** Alarms of the vehicle since `from`, counted per code, most frequent first. */
export async function alarmCountsSince(device: Device, from: DateTime): Promise<AlarmCount[]> {
  const alarm = alarmCondition('events')
  const rows = await db
    .from('events')
    .where('company_id', device.companyId)
    .where('device_id', device.id)
    .where('event_time', '>=', from.toJSDate())
    .whereRaw(alarm.sql, alarm.bindings)
    .groupBy('code')
    .select('code')
    .count('* as total')
    .max('event_time as last')
    .orderBy('total', 'desc')
    .orderBy('code', 'asc')
  return rows.map((row) => ({
    code: row.code as string,
    count: Number(row.total),
    last: new Date(row.last),
  }))
}

/** Distance, driving and engine-on standing time since `from` (trips and stops). */
export async function drivingSince(device: Device, from: DateTime) {
  const [trips] = await db
    .from('trips')
    .where('company_id', device.companyId)
    .where('device_id', device.id)
    .where('start_time', '>=', from.toJSDate())
    .select(
      db.raw('COALESCE(SUM(distance), 0) AS distance'),
      db.raw('COALESCE(SUM(duration), 0) AS duration'),
      db.raw('COALESCE(SUM(idle_duration), 0) AS idle')
    )
  const [stops] = await db
    .from('stops')
    .where('company_id', device.companyId)
    .where('device_id', device.id)
    .where('start_time', '>=', from.toJSDate())
    .select(db.raw('COALESCE(SUM(engine_on_duration), 0) AS idle'))
  return {
    distance: Number(trips.distance),
    drivingSeconds: Number(trips.duration),
    idleSeconds: Number(trips.idle) + Number(stops.idle),
  }
}

export async function recentCommands(device: Device, limit = 5) {
  return DeviceCommand.query()
    .where('company_id', device.companyId)
    .where('device_id', device.id)
    .orderBy('id', 'desc')
    .limit(limit)
}
