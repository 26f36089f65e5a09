import { defineResource } from '#crud/define_resource'
import { date, datetime, enumOf, money, number, reference, text } from '#crud/fields'
import { fillUpStatuses, fuelEntryStatusSql } from '#reports/fuel/fill_up_match'
import { DEFAULT_MIN_CHANGE_LITRES, DEFAULT_TOLERANCE_PERCENT } from '#reports/fuel/fuel_sql'
import FuelEntry from '#models/fuel_entry'

/**
 * The fuel log (spec §3 fuel entry): a fill-up of a vehicle, by a driver, with its receipt
 * figures. Litres are required; money is entered in units and kept in integer cents.
 * The fuel reports put these litres beside the estimate and the tracker's own figures.
 */
export const fuelEntriesResource = defineResource({
  key: 'fuel_entries',
  table: 'fuel_entries',
  fields: {
    entry_date: date('fuel_entries.entry_date', { form: { required: true, default: 'today' } }),
    device_id: reference(
      'fuel_entries.device_id',
      { table: 'devices', as: 'vehicle' },
      { form: { required: true } }
    ),
    driver_id: reference('fuel_entries.driver_id', { table: 'drivers' }, { form: {} }),
    litres: number('fuel_entries.litres', {
      form: { required: true, min: 0.01, max: 100_000, step: '0.01' },
    }),
    unit_price: money('unit_price_cents', 'fuel_entries', { form: {} }),
    total: money('total_cents', 'fuel_entries', { form: {} }),
    voucher_no: text('fuel_entries.voucher_no', { form: { max: 100 } }),
    total_km: number('fuel_entries.total_km', {
      form: { min: 0, max: 10_000_000, step: '0.1' },
    }),
    gps_km: number('fuel_entries.gps_km', { form: { min: 0, max: 10_000_000, step: '0.1' } }),
    supplier: text('fuel_entries.supplier', { form: { max: 200 } }),
    invoice_amount: money('invoice_amount_cents', 'fuel_entries', { form: {} }),
    note: text('fuel_entries.note', { sortable: false, form: { multiline: true } }),
    fill_up_check: enumOf(
      fuelEntryStatusSql(DEFAULT_TOLERANCE_PERCENT, DEFAULT_MIN_CHANGE_LITRES),
      fillUpStatuses,
      { sortable: false, filterable: false }
    ),
    created_at: datetime('fuel_entries.created_at'),
  },
  defaultFields: [
    'entry_date',
    'vehicle',
    'driver',
    'litres',
    'unit_price',
    'total',
    'voucher_no',
    'total_km',
    'supplier',
    'fill_up_check',
  ],
  defaultSort: { column: 'entry_date', order: 'desc' },
  dateColumn: 'entry_date',
  deviceColumn: 'device_id',
  searchColumns: ['vehicle', 'voucher_no', 'supplier'],
  labelColumn: 'voucher_no',
  write: { ability: 'manageFleet', model: FuelEntry },
})
