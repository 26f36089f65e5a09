import { BaseTransformer } from '@adonisjs/core/transformers'
import { DateTime } from 'luxon'
import type { FuelLogRow } from '#queries/fuel/fuel_log'
import type { ResourceDescriptor } from '#crud/resource'

const toNumber = (value: string | number | null) => (value === null ? null : Number(value))

/** What the vehicle page's fuel log card is made from. */
export type FuelLogCardSource = {
  entries: FuelLogRow[]
  canAdd: boolean
  /** The fuel log resource, whose create form the card shows. */
  resource: ResourceDescriptor
  deviceId: number
  lookups: Record<string, { id: number; name: string }[]>
}

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

/**
 * The fuel log's create form for the vehicle page's card: the resource's own form fields,
 * with this vehicle chosen.
 */
export function fuelLogFormForVehicle(resource: ResourceDescriptor, deviceId: number) {
  return {
    key: resource.key,
    fields: resource.form.map((field) => ({
      name: field.name,
      kind: field.kind,
      required: field.required,
      values: field.values,
      wide: field.wide,
      step: field.step,
    })),
    defaults: { ...resource.defaults, device_id: String(deviceId) } as Record<string, string>,
  }
}

/**
 * The vehicle page's fuel log card: the latest entries, whether the user may add one, and the
 * form that adds one to this vehicle. Its type is generated from this class (`Data.Fuel.FuelLog`).
 */
export default class FuelLogTransformer extends BaseTransformer<FuelLogCardSource> {
  toObject() {
    const card = this.resource
    return {
      entries: card.entries.map(fuelEntryForCard),
      canAdd: card.canAdd,
      // The card's form adds entries to this vehicle through the fuel log's own route.
      form: fuelLogFormForVehicle(card.resource, card.deviceId),
      lookups: card.lookups,
    }
  }
}

/** The vehicle page's fuel log card. */
export function fuelLogForCard(card: FuelLogCardSource) {
  return new FuelLogTransformer(card).toObject()
}
