import { test } from '@japa/runner'
import { formatCell } from '../../../inertia/crud/cell_text.js'
import { formattersFor } from '../../../inertia/lib/format.js'
import type { ColumnMeta, ResourceMeta } from '../../../inertia/crud/types.js'

const meta = { key: 'traffic_fines' } as ResourceMeta
const column = (name: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  kind: 'number',
  sortable: true,
  filterable: true,
  enumValues: null,
  ...extra,
})
const prefs = { timezone: 'Europe/Istanbul', dateFormat: 'dd.MM.yyyy' }
const t = (key: string) => key

test.group('Resource table cells', () => {
  test('money reads with its currency and numbers are rounded, in each language', ({ assert }) => {
    const amount = column('amount', { money: { currency: 'currency' } })
    const row = { id: 1, amount: 2025, currency: 'TRY' }
    const en = formattersFor('en', prefs)
    const tr = formattersFor('tr', prefs)
    assert.equal(formatCell(t, meta, amount, 2025, en, row), '₺2,025.00')
    assert.equal(formatCell(t, meta, amount, 2025, tr, row), '₺2.025,00')
    assert.equal(formatCell(t, meta, amount, 1250.5, en, { ...row, currency: 'EUR' }), '€1,250.50')
    // Without a currency field: two decimals.
    const plain = column('total', { money: { currency: null } })
    assert.equal(formatCell(t, meta, plain, 19.9, tr, { id: 1 }), '19,90')
    assert.equal(formatCell(t, meta, column('distance'), 494.9205, en), '494.92')
    assert.equal(formatCell(t, meta, column('distance'), 494.9205, tr), '494,92')
    assert.equal(formatCell(t, meta, column('latitude'), 41.0123456789, tr), '41.012346')
  })
})
