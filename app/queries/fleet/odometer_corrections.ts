import db from '@adonisjs/lucid/services/db'
import type { OdometerCorrectionRow, VehicleChoice } from '#shared/data_quality'

/** The company's odometer corrections, newest first (one vehicle's when `deviceId` is given). */
export async function listOdometerCorrections(
  companyId: number,
  options: { deviceId?: number; limit?: number; deviceGroupIds?: number[] | null } = {}
): Promise<OdometerCorrectionRow[]> {
  const query = db
    .from('odometer_corrections as oc')
    .join('devices as d', 'd.id', 'oc.device_id')
    .leftJoin('users as u', 'u.id', 'oc.created_by')
    .where('oc.company_id', companyId)
    .where('d.company_id', companyId)
    .orderBy('oc.created_at', 'desc')
    .orderBy('oc.id', 'desc')
    .limit(options.limit ?? 200)
    .select(
      'oc.id',
      'oc.device_id',
      'd.name as vehicle',
      'd.plate',
      'oc.effective_at',
      'oc.odometer_km',
      'oc.previous_odometer_m',
      'oc.offset_m',
      'oc.note',
      'oc.created_at',
      'oc.rebuilt_at',
      db.raw(`coalesce(nullif(u.full_name, ''), u.email) AS created_by_name`)
    )
  if (options.deviceId) query.where('oc.device_id', options.deviceId)
  // A member limited to vehicle groups reads their vehicles' corrections only.
  if (options.deviceGroupIds) query.whereRaw('d.group_id = ANY(?::int[])', [options.deviceGroupIds])
  const rows = await query
  return rows.map((row) => ({
    id: Number(row.id),
    deviceId: Number(row.device_id),
    vehicle: row.vehicle,
    plate: row.plate ?? null,
    effectiveAt: new Date(row.effective_at).toISOString(),
    odometerKm: Number(row.odometer_km),
    previousKm:
      row.previous_odometer_m === null ? null : Math.round(Number(row.previous_odometer_m)) / 1000,
    offsetKm: Math.round(Number(row.offset_m)) / 1000,
    note: row.note ?? null,
    createdBy: row.created_by_name ?? null,
    createdAt: new Date(row.created_at).toISOString(),
    rebuilt: row.rebuilt_at !== null,
  }))
}

/** The company's vehicles to choose from in the settings form. */
export async function vehicleChoices(
  companyId: number,
  deviceGroupIds: number[] | null = null
): Promise<VehicleChoice[]> {
  const rows = await db
    .from('devices')
    .where('company_id', companyId)
    .if(deviceGroupIds, (query) =>
      query.whereRaw('group_id = ANY(?::int[])', [deviceGroupIds ?? []])
    )
    .orderBy('name')
    .orderBy('id')
    .select('id', 'name', 'plate')
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.plate ? `${row.name} (${row.plate})` : String(row.name),
  }))
}
