import db from '@adonisjs/lucid/services/db'

/**
 * The fields of the other-settings page kept in the tracking settings the listener reads with
 * each device (companies.tracking_settings): the limit for implausible fixes and the
 * temperature range.
 */
export const trackingKeys = {
  max_plausible_speed_kmh: 'maxPlausibleSpeedKmh',
  temperature_min_c: 'temperatureMinC',
  temperature_max_c: 'temperatureMaxC',
} as const
export type TrackingValues = Record<keyof typeof trackingKeys, number | null>

/** The company's own values (null: the default, none for the temperature range). */
export async function storedTrackingValues(companyId: number): Promise<TrackingValues> {
  const row = await db.from('companies').where('id', companyId).select('tracking_settings').first()
  const stored = row?.tracking_settings ?? {}
  const read = (key: string) =>
    typeof stored[key] === 'number' && Number.isFinite(stored[key]) ? (stored[key] as number) : null
  return {
    max_plausible_speed_kmh: read(trackingKeys.max_plausible_speed_kmh),
    temperature_min_c: read(trackingKeys.temperature_min_c),
    temperature_max_c: read(trackingKeys.temperature_max_c),
  }
}

/** The days before a renewal its reminder goes out (null: the maintenance interval applies). */
export async function storedRenewalDays(companyId: number): Promise<number | null> {
  const row = await db
    .from('company_settings')
    .where('company_id', companyId)
    .select('renewal_reminder_days')
    .first()
  return row?.renewal_reminder_days ?? null
}
