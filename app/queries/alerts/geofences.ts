import db from '@adonisjs/lucid/services/db'

export interface GeofenceRow {
  id: number
  name: string
  color: string
  description: string | null
  shape: unknown
  assign_to: 'all' | 'devices' | 'groups'
  device_ids: number[]
  group_ids: number[]
  active: boolean
}

/** The company's geofences, by name. */
export function companyGeofences(companyId: number): Promise<GeofenceRow[]> {
  return db
    .from('geofences')
    .where('company_id', companyId)
    .orderBy('name')
    .orderBy('id')
    .select(
      'id',
      'name',
      'color',
      'description',
      'shape',
      'assign_to',
      'device_ids',
      'group_ids',
      'active'
    )
}

/** The company's vehicles and groups, for the assignment and rule forms. */
export async function companyVehiclesAndGroups(
  companyId: number,
  deviceGroupIds: number[] | null = null
) {
  // A member limited to vehicle groups chooses among their vehicles and groups only.
  const [devices, groups] = await Promise.all([
    db
      .from('devices')
      .where('company_id', companyId)
      .if(deviceGroupIds, (query) =>
        query.whereRaw('group_id = ANY(?::int[])', [deviceGroupIds ?? []])
      )
      .orderBy('name')
      .select('id', 'name', 'plate'),
    db
      .from('device_groups')
      .where('company_id', companyId)
      .if(deviceGroupIds, (query) => query.whereIn('id', deviceGroupIds!))
      .orderBy('name')
      .select('id', 'name'),
  ])
  return {
    devices: devices.map((row) => ({
      id: row.id as number,
      name: (row.plate || row.name) as string,
    })),
    groups: groups.map((row) => ({ id: row.id as number, name: row.name as string })),
  }
}

/** The id of one of the company's geofences; another company's is a 404. */
export async function findCompanyGeofence(companyId: number, id: unknown) {
  const zone = await db
    .from('geofences')
    .where({ id: Number(id) || 0, company_id: companyId })
    .select('id')
    .firstOrFail()
  return zone as { id: number }
}
