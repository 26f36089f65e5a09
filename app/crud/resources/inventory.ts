import { defineResource } from '#crud/define_resource'
import { boolean, date, datetime, enumOf, money, number, reference, text } from '#crud/fields'
import { currencies, inventoryTypes } from '#shared/fleet_enums'
import InventoryItem from '#models/inventory_item'
import InventoryAssignment from '#models/inventory_assignment'

/** Inventory items (spec §3): returnable or not, priced in integer cents. */
export const inventoryItemsResource = defineResource({
  key: 'inventory_items',
  table: 'inventory_items',
  fields: {
    name: text('inventory_items.name', { form: { required: true } }),
    type: enumOf('inventory_items.type', inventoryTypes, {
      form: { required: true, default: 'returnable' },
    }),
    category: text('inventory_items.category', { form: { max: 100 } }),
    quantity: number('inventory_items.quantity', {
      form: { required: true, integer: true, min: 0, max: 1_000_000, default: '1' },
    }),
    purchase_price: money('purchase_price_cents', 'inventory_items', { form: {} }),
    currency: enumOf('inventory_items.currency', currencies, {
      form: { required: true, default: 'TRY' },
    }),
    purchase_date: date('inventory_items.purchase_date', { form: {} }),
    supplier: text('inventory_items.supplier', { form: {} }),
    location: text('inventory_items.location', { form: {} }),
    description: text('inventory_items.description', {
      sortable: false,
      form: { multiline: true },
    }),
    created_at: datetime('inventory_items.created_at'),
  },
  defaultFields: ['name', 'type', 'category', 'quantity', 'purchase_price', 'currency', 'location'],
  dateColumn: 'purchase_date',
  searchColumns: ['name', 'category', 'supplier'],
  write: { ability: 'manageFleet', model: InventoryItem },
})

/** Who holds which item: a vehicle or a driver (one of them is required), and its return. */
export const inventoryAssignmentsResource = defineResource({
  key: 'inventory_assignments',
  table: 'inventory_assignments',
  extend: (query) => query.leftJoin('users as u', 'u.id', 'inventory_assignments.assigned_by'),
  fields: {
    inventory_item_id: reference(
      'inventory_assignments.inventory_item_id',
      { table: 'inventory_items', as: 'item' },
      { form: { required: true, wide: true } }
    ),
    device_id: reference(
      'inventory_assignments.device_id',
      { table: 'devices' },
      { form: { requiredIfMissing: 'driver_id' } }
    ),
    driver_id: reference('inventory_assignments.driver_id', { table: 'drivers' }, { form: {} }),
    assigned_by: text('coalesce(u.full_name, u.email)'),
    assigned_at: date('inventory_assignments.assigned_at', {
      form: { required: true, default: 'today' },
    }),
    returned_at: date('inventory_assignments.returned_at', { form: {} }),
    is_returned: boolean('inventory_assignments.is_returned', { form: {} }),
    notes: text('inventory_assignments.notes', { sortable: false, form: { multiline: true } }),
  },
  defaultFields: [
    'item',
    'device',
    'driver',
    'assigned_by',
    'assigned_at',
    'is_returned',
    'returned_at',
  ],
  defaultSort: { column: 'assigned_at', order: 'desc' },
  dateColumn: 'assigned_at',
  deviceColumn: 'device_id',
  searchColumns: ['item'],
  labelColumn: 'item',
  write: {
    ability: 'manageFleet',
    model: InventoryAssignment,
    fill: (ctx) => ({ assigned_by: ctx.auth.user!.id }),
  },
})
