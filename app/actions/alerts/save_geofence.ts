import db from '@adonisjs/lucid/services/db'
import type { geofenceValidator } from '#validators/alerts/alerts_validators'
import { GEOFENCE_CHANGES_CHANNEL } from '#tracking/channels'

export type GeofenceInput = Awaited<ReturnType<typeof geofenceValidator.validate>>

/** The row a validated geofence is stored as. */
export function geofenceColumns(payload: GeofenceInput) {
  return {
    name: payload.name,
    color: payload.color.toLowerCase(),
    description: payload.description ?? null,
    shape: JSON.stringify(payload.shape),
    assign_to: payload.assign_to,
    device_ids: payload.assign_to === 'devices' ? [...new Set(payload.device_ids ?? [])] : [],
    group_ids: payload.assign_to === 'groups' ? [...new Set(payload.group_ids ?? [])] : [],
    active: payload.active ?? true,
  }
}

/** The tracker listeners reload the company's zones on their next frame. */
async function announce(companyId: number) {
  await db.rawQuery('SELECT pg_notify(?, ?)', [GEOFENCE_CHANGES_CHANNEL, String(companyId)])
}

export async function createGeofence(companyId: number, payload: GeofenceInput) {
  const [row] = await db
    .table('geofences')
    .insert({ ...geofenceColumns(payload), company_id: companyId, created_at: new Date() })
    .returning('id')
  await announce(companyId)
  return Number(row.id ?? row)
}

export async function updateGeofence(companyId: number, id: number, payload: GeofenceInput) {
  await db
    .from('geofences')
    .where({ id, company_id: companyId })
    .update({ ...geofenceColumns(payload), updated_at: new Date() })
  await announce(companyId)
}

export async function deleteGeofence(companyId: number, id: number) {
  await db.from('geofences').where({ id, company_id: companyId }).delete()
  await announce(companyId)
}
