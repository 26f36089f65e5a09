import db from '@adonisjs/lucid/services/db'
import { notifyDeviceChange } from '#actions/tracking/register_device'
import {
  storedTrackingValues,
  trackingKeys,
  type TrackingValues,
} from '#queries/settings/other_settings'

/**
 * Stores the values in the tracking settings, then, when one changed, has the listeners reload
 * their devices (an empty device_changes payload), so the next reading is judged by them.
 */
export async function saveTrackingValues(companyId: number, values: TrackingValues) {
  const stored = await storedTrackingValues(companyId)
  const changed = (Object.keys(trackingKeys) as (keyof TrackingValues)[]).filter(
    (name) => values[name] !== stored[name]
  )
  if (changed.length === 0) return
  for (const name of changed) {
    const key = trackingKeys[name]
    const value = values[name]
    await db.rawQuery(
      value === null
        ? `UPDATE companies SET tracking_settings = coalesce(tracking_settings, '{}'::jsonb) - ? WHERE id = ?`
        : `UPDATE companies SET tracking_settings = jsonb_set(coalesce(tracking_settings, '{}'::jsonb), ?::text[], to_jsonb(?::numeric)) WHERE id = ?`,
      value === null ? [key, companyId] : [`{${key}}`, value, companyId]
    )
  }
  await notifyDeviceChange(db.connection(), '')
}

/** The renewal reminder days of the company (null: the maintenance interval applies). */
export async function saveRenewalDays(companyId: number, days: number | null) {
  await db
    .from('company_settings')
    .where('company_id', companyId)
    .update({ renewal_reminder_days: days })
}
