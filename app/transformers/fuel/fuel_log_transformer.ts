import { DateTime } from 'luxon'
import type { FuelLogRow } from '#queries/fuel/fuel_log'

const toNumber = (value: string | number | null) => (value === null ? null : Number(value))

/** A fuel log entry as the vehicle page's fuel log card shows it (money in units). */
export function fuelEntryForCard(row: FuelLogRow) {
  const date =
    row.entry_date instanceof Date
      ? DateTime.fromJSDate(row.entry_date).toISODate()!
      : String(row.entry_date).slice(0, 10)
  const cents = toNumber(row.total_cents)
  const unitCents = toNumber(row.unit_price_cents)
  return {
    id: row.id,
    date,
    litres: Number(row.litres),
    unitPrice: unitCents === null ? null : unitCents / 100,
    total: cents === null ? null : cents / 100,
    voucherNo: row.voucher_no,
    totalKm: toNumber(row.total_km),
    supplier: row.supplier,
    driver: row.driver,
  }
}

export type FuelLogEntry = ReturnType<typeof fuelEntryForCard>
