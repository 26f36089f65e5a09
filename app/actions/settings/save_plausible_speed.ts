import db from '@adonisjs/lucid/services/db'
import { notifyDeviceChange } from '#actions/tracking/register_device'
import { storedMaxPlausibleSpeed } from '#queries/settings/plausible_speed'

/**
 * Stores the limit in the tracking settings the listener reads with each device, then has the
 * listeners reload their devices (an empty device_changes payload), so the next fix is judged by it.
 */
export async function saveMaxPlausibleSpeed(companyId: number, value: number | null) {
  if (value === (await storedMaxPlausibleSpeed(companyId))) return
  await db.rawQuery(
    value === null
      ? `UPDATE companies SET tracking_settings = coalesce(tracking_settings, '{}'::jsonb) - 'maxPlausibleSpeedKmh' WHERE id = ?`
      : `UPDATE companies SET tracking_settings = jsonb_set(coalesce(tracking_settings, '{}'::jsonb), '{maxPlausibleSpeedKmh}', to_jsonb(?::int)) WHERE id = ?`,
    value === null ? [companyId] : [value, companyId]
  )
  await notifyDeviceChange(db.connection(), '')
}
