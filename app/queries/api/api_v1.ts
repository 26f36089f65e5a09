import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { visibleVehiclesOnly, type VehicleScope } from '#abilities/vehicle_scope'
import { visibleDeviceSql } from '#services/billing/expiry_rule'

/** A validated query of the read-only JSON API: a page and, for trips and events, a range. */
export interface ApiListQuery {
  page?: number
  perPage?: number
  deviceId?: number
  from?: Date
  to?: Date
}

export const API_DEFAULT_PER_PAGE = 100

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString()

/** The query's time range: the last 24 hours up to `to` (now) unless given. */
export function apiRange(query: ApiListQuery) {
  const to = query.to ?? new Date()
  const from = query.from ?? new Date(to.getTime() - 24 * 3600 * 1000)
  return { from, to }
}

function page<T extends { offset(n: number): T; limit(n: number): T }>(
  builder: T,
  query: ApiListQuery
) {
  const perPage = query.perPage ?? API_DEFAULT_PER_PAGE
  return builder.offset(((query.page ?? 1) - 1) * perPage).limit(perPage) as unknown as Promise<
    any[]
  >
}

/** The company's devices the scope sees, by id. */
export async function apiDevices(companyId: number, query: ApiListQuery, scope: VehicleScope) {
  const rows = await page(
    db
      .from('devices')
      .where('company_id', companyId)
      .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 'devices.id', scope))
      .if(query.deviceId, (q) => q.where('id', query.deviceId!))
      .select('id', 'name', 'plate', 'imei', 'protocol', 'group_id', 'status', 'licence_end_date')
      .orderBy('id'),
    query
  )
  return rows.map((row: any) => ({
    id: row.id,
    name: row.name,
    plate: row.plate,
    imei: row.imei,
    protocol: row.protocol,
    groupId: row.group_id,
    status: row.status,
    licenceEndDate: row.licence_end_date
      ? DateTime.fromJSDate(new Date(row.licence_end_date)).toISODate()
      : null,
  }))
}

/** The latest position of each visible (not expired) device, by device id. */
export async function apiPositions(companyId: number, query: ApiListQuery, scope: VehicleScope) {
  const rows = await page(
    db
      .from('device_states as s')
      .join('devices as d', 'd.id', 's.device_id')
      .where('s.company_id', companyId)
      .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 's.device_id', scope))
      .whereRaw(visibleDeviceSql('s.device_id'))
      .if(query.deviceId, (q) => q.where('s.device_id', query.deviceId!))
      .select(
        's.device_id',
        'd.name',
        'd.plate',
        's.fix_time',
        's.latitude',
        's.longitude',
        's.speed',
        's.course',
        's.live_status',
        's.online',
        's.ignition',
        's.odometer'
      )
      .orderBy('s.device_id'),
    query
  )
  return rows.map((row: any) => ({
    deviceId: row.device_id,
    name: row.name,
    plate: row.plate,
    time: iso(row.fix_time),
    latitude: row.latitude,
    longitude: row.longitude,
    speed: row.speed,
    course: row.course,
    status: row.live_status,
    online: row.online,
    ignition: row.ignition,
    odometer: row.odometer,
  }))
}

/** Trips that started in the range, oldest first. */
export async function apiTrips(companyId: number, query: ApiListQuery, scope: VehicleScope) {
  const { from, to } = apiRange(query)
  const rows = await page(
    db
      .from('trips')
      .where('company_id', companyId)
      .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 'trips.device_id', scope))
      .whereRaw(visibleDeviceSql('trips.device_id'))
      .where('start_time', '>=', from)
      .where('start_time', '<', to)
      .if(query.deviceId, (q) => q.where('device_id', query.deviceId!))
      .select(
        'id',
        'device_id',
        'start_time',
        'end_time',
        'start_latitude',
        'start_longitude',
        'end_latitude',
        'end_longitude',
        'distance',
        'max_speed',
        'average_speed',
        'duration'
      )
      .orderBy('start_time')
      .orderBy('id'),
    query
  )
  return rows.map((row: any) => ({
    id: Number(row.id),
    deviceId: row.device_id,
    start: iso(row.start_time),
    end: iso(row.end_time),
    startLatitude: row.start_latitude,
    startLongitude: row.start_longitude,
    endLatitude: row.end_latitude,
    endLongitude: row.end_longitude,
    distanceMetres: row.distance,
    maxSpeed: row.max_speed,
    averageSpeed: row.average_speed,
    durationSeconds: row.duration,
  }))
}

/** Events in the range, oldest first. */
export async function apiEvents(companyId: number, query: ApiListQuery, scope: VehicleScope) {
  const { from, to } = apiRange(query)
  const rows = await page(
    db
      .from('events')
      .where('company_id', companyId)
      .if(scope.deviceGroupIds, (q) => visibleVehiclesOnly(q, 'events.device_id', scope))
      .whereRaw(visibleDeviceSql('events.device_id'))
      .where('event_time', '>=', from)
      .where('event_time', '<', to)
      .if(query.deviceId, (q) => q.where('device_id', query.deviceId!))
      .select('id', 'device_id', 'event_time', 'code', 'state', 'latitude', 'longitude')
      .orderBy('event_time')
      .orderBy('id'),
    query
  )
  return rows.map((row: any) => ({
    id: Number(row.id),
    deviceId: row.device_id,
    time: iso(row.event_time),
    code: row.code,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
  }))
}
