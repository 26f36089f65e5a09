import { defineResource } from '#crud/define_resource'
import { date, datetime, enumOf, money, number, reference, text } from '#crud/fields'
import { currencies } from '#shared/fleet_enums'
import CadoRecord from '#models/cado_record'

export const cadoStatuses = ['open', 'in_progress', 'closed'] as const

/**
 * CADO records (decision, the spec names the page only): the work orders of the external
 * maintenance system — the fleet menu's "integration with an external maintenance system" —
 * each kept with its reference in that system, the vehicle, the operation, when it was opened
 * and closed, the km and the cost, so that work done outside shows beside our own records.
 */
export const cadoRecordsResource = defineResource({
  key: 'cado_records',
  table: 'cado_records',
  fields: {
    reference: text('cado_records.reference', { form: { required: true, max: 64, unique: true } }),
    device_id: reference('cado_records.device_id', { table: 'devices' }, { form: {} }),
    operation: text('cado_records.operation', { form: { required: true } }),
    status: enumOf('cado_records.status', cadoStatuses, {
      form: { required: true, default: 'open' },
    }),
    opened_at: date('cado_records.opened_at', { form: { required: true, default: 'today' } }),
    closed_at: date('cado_records.closed_at', { form: { notBefore: 'opened_at' } }),
    km: number('cado_records.km', { form: { integer: true, min: 0, max: 10_000_000 } }),
    amount: money('amount_cents', 'cado_records', { form: {} }),
    currency: enumOf('cado_records.currency', currencies, {
      form: { required: true, default: 'TRY' },
    }),
    description: text('cado_records.description', {
      sortable: false,
      form: { multiline: true },
    }),
    created_at: datetime('cado_records.created_at'),
  },
  defaultFields: [
    'reference',
    'device',
    'operation',
    'status',
    'opened_at',
    'closed_at',
    'km',
    'amount',
    'currency',
  ],
  defaultSort: { column: 'opened_at', order: 'desc' },
  dateColumn: 'opened_at',
  deviceColumn: 'device_id',
  searchColumns: ['reference', 'operation', 'device'],
  labelColumn: 'reference',
  write: { ability: 'manageFleet', model: CadoRecord },
})
