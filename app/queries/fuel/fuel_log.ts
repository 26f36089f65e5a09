import db from '@adonisjs/lucid/services/db'

export interface FuelLogRow {
  id: number
  entry_date: Date | string
  litres: string
  unit_price_cents: string | number | null
  total_cents: string | number | null
  voucher_no: string | null
  total_km: string | null
  supplier: string | null
  driver: string | null
}

/** The latest fuel log entries of one vehicle of the company, newest first. */
export async function latestFuelEntries(
  companyId: number,
  deviceId: number,
  limit = 5
): Promise<FuelLogRow[]> {
  return db
    .from('fuel_entries as f')
    .leftJoin('drivers as d', 'd.id', 'f.driver_id')
    .where('f.company_id', companyId)
    .where('f.device_id', deviceId)
    .select(
      'f.id',
      'f.entry_date',
      'f.litres',
      'f.unit_price_cents',
      'f.total_cents',
      'f.voucher_no',
      'f.total_km',
      'f.supplier',
      'd.name as driver'
    )
    .orderBy('f.entry_date', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
}
