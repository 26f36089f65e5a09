import db from '@adonisjs/lucid/services/db'

/** The company's own limit for implausible fixes (companies.tracking_settings), null: the default. */
export async function storedMaxPlausibleSpeed(companyId: number): Promise<number | null> {
  const row = await db.from('companies').where('id', companyId).select('tracking_settings').first()
  const value = row?.tracking_settings?.maxPlausibleSpeedKmh
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}
