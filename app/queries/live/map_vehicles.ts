import db from '@adonisjs/lucid/services/db'
import { visibleDeviceSql } from '#services/billing/expiry_rule'

export interface MapVehicleRow {
  id: number
  name: string
  plate: string | null
  imei: string
  group_id: number | null
  driver_name: string | null
  has_state: boolean
  latitude: number | null
  longitude: number | null
  speed: number | null
  course: number | null
  live_status: string | null
  online: boolean | null
  ignition: boolean | null
  /** Epoch milliseconds: thousands of rows need no Date parsed each. */
  last_seen_ms: number | null
}

/**
 * Every vehicle of the company with its latest state, driver and group: one query. A vehicle
 * whose subscription has expired (after its grace period) shows without its live state.
 */
export async function mapVehicles(
  companyId: number,
  deviceGroupIds: number[] | null = null
): Promise<MapVehicleRow[]> {
  return db
    .from('devices as d')
    .joinRaw(`LEFT JOIN device_states s ON s.device_id = d.id AND ${visibleDeviceSql('d.id')}`)
    .leftJoin('drivers as dr', 'dr.id', 'd.driver_id')
    .where('d.company_id', companyId)
    .if(deviceGroupIds, (query) =>
      query.whereRaw('d.group_id = ANY(?::int[])', [deviceGroupIds ?? []])
    )
    .orderBy('d.id', 'asc')
    .select(
      'd.id',
      'd.name',
      'd.plate',
      'd.imei',
      'd.group_id',
      'dr.name as driver_name',
      db.raw('s.device_id IS NOT NULL AS has_state'),
      's.latitude',
      's.longitude',
      's.speed',
      's.course',
      's.live_status',
      's.online',
      's.ignition',
      db.raw('floor(extract(epoch from s.last_seen_at) * 1000)::float8 AS last_seen_ms')
    )
}

/**
 * The company's vehicles for the live map, in the order people read plates in `locale`:
 * "34 AB 9" before "34 AB 10".
 */
export async function mapVehiclesByPlate(
  companyId: number,
  locale: string,
  deviceGroupIds: number[] | null = null
) {
  const rows = await mapVehicles(companyId, deviceGroupIds)
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })
  return rows.sort((a, b) => collator.compare(a.plate ?? a.name, b.plate ?? b.name) || a.id - b.id)
}

export async function companyGroups(companyId: number) {
  return db
    .from('device_groups')
    .where('company_id', companyId)
    .orderBy('name', 'asc')
    .select('id', 'name')
}
