import type { ResourceClient } from '~/crud/types'

export const inventoryItemsClient: ResourceClient = {
  key: 'inventory_items',
  defaults: { type: 'returnable', currency: 'TRY', quantity: '1' },
  form: [
    { name: 'name', kind: 'text', required: true },
    { name: 'type', kind: 'enum', values: ['returnable', 'non_returnable'], required: true },
    { name: 'category', kind: 'text' },
    { name: 'quantity', kind: 'number', required: true },
    { name: 'purchase_price', kind: 'number', step: '0.01' },
    { name: 'currency', kind: 'enum', values: ['TRY', 'EUR'], required: true },
    { name: 'purchase_date', kind: 'date' },
    { name: 'supplier', kind: 'text' },
    { name: 'location', kind: 'text' },
    { name: 'description', kind: 'textarea' },
  ],
}

/** Assignments: a vehicle or a driver must be chosen ("Device or Driver Required!!!"). */
export const inventoryAssignmentsClient: ResourceClient = {
  key: 'inventory_assignments',
  defaults: { assigned_at: new Date().toISOString().slice(0, 10) },
  form: [
    { name: 'inventory_item_id', kind: 'lookup', lookup: 'items', required: true, wide: true },
    { name: 'device_id', kind: 'lookup', lookup: 'vehicles' },
    { name: 'driver_id', kind: 'lookup', lookup: 'drivers' },
    { name: 'assigned_at', kind: 'date', required: true },
    { name: 'returned_at', kind: 'date' },
    { name: 'is_returned', kind: 'enum', values: ['false', 'true'] },
    { name: 'notes', kind: 'textarea' },
  ],
}
