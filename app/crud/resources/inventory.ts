import vine from '@vinejs/vine'
import { MAX_RECORD_ID } from '#shared/record_id'
import type { HttpContext } from '@adonisjs/core/http'
import { defineResource } from '#crud/resource'
import { companyLookups, resourceForm, validateForm } from '#crud/resource_helpers'
import {
  booleanColumn,
  dateColumn,
  dateTimeColumn,
  enumColumn,
  numberColumn,
  textColumn,
} from '#crud/resources/columns'

export const inventoryTypes = ['returnable', 'non_returnable'] as const
export const currencies = ['TRY', 'EUR'] as const

const optionalText = (max: number) => vine.string().trim().maxLength(max).optional()
const companyReference = (table: string) =>
  vine
    .number()
    .withoutDecimals()
    .range([1, MAX_RECORD_ID])
    .exists({
      table,
      column: 'id',
      filter: (query, _value, field) => {
        query.where('company_id', field.meta.companyId)
      },
    })

const itemForm = resourceForm({
  name: vine.string().trim().minLength(1).maxLength(200),
  type: vine.enum(inventoryTypes),
  category: optionalText(100),
  quantity: vine.number().withoutDecimals().range([0, 1_000_000]),
  purchase_price: vine.number().range([0, 100_000_000]).optional(),
  currency: vine.enum(currencies),
  purchase_date: vine.date({ formats: ['YYYY-MM-DD'] }).optional(),
  supplier: optionalText(200),
  location: optionalText(200),
  description: vine.string().trim().maxLength(2000).optional(),
})

/** Money is kept in integer cents; the form speaks in units. */
async function validateItem(ctx: HttpContext, input: unknown, id: number | null) {
  const { purchase_price: price, ...row } = await validateForm(itemForm, ctx, input, id)
  return {
    ...row,
    purchase_price_cents: typeof price === 'number' ? Math.round(price * 100) : null,
  }
}

export const inventoryItemsResource = defineResource({
  key: 'inventory_items',
  table: 'inventory_items',
  query: (client, { companyId }) =>
    client.from('inventory_items').where('inventory_items.company_id', companyId),
  columns: {
    id: numberColumn('inventory_items.id'),
    name: textColumn('inventory_items.name'),
    type: enumColumn('inventory_items.type', inventoryTypes),
    category: textColumn('inventory_items.category'),
    quantity: numberColumn('inventory_items.quantity'),
    purchase_price: numberColumn('(inventory_items.purchase_price_cents / 100.0)'),
    currency: enumColumn('inventory_items.currency', currencies),
    purchase_date: dateColumn('inventory_items.purchase_date'),
    supplier: textColumn('inventory_items.supplier'),
    location: textColumn('inventory_items.location'),
    description: textColumn('inventory_items.description', { sortable: false }),
    created_at: dateTimeColumn('inventory_items.created_at'),
  },
  defaultFields: ['name', 'type', 'category', 'quantity', 'purchase_price', 'currency', 'location'],
  defaultSort: { column: 'name', order: 'asc' },
  dateColumn: 'purchase_date',
  searchColumns: ['name', 'category', 'supplier'],
  labelColumn: 'name',
  write: { role: 'manager', validate: validateItem },
})

const assignmentForm = resourceForm({
  inventory_item_id: companyReference('inventory_items'),
  device_id: companyReference('devices').optional().requiredIfMissing('driver_id'),
  driver_id: companyReference('drivers').optional(),
  assigned_at: vine.date({ formats: ['YYYY-MM-DD'] }),
  returned_at: vine.date({ formats: ['YYYY-MM-DD'] }).optional(),
  is_returned: vine.boolean().optional(),
  notes: vine.string().trim().maxLength(2000).optional(),
})

async function validateAssignment(ctx: HttpContext, input: unknown, id: number | null) {
  const row = await validateForm(assignmentForm, ctx, input, id)
  return { ...row, is_returned: row.is_returned === true, assigned_by: ctx.auth.user!.id }
}

/** Who holds which item: a vehicle or a driver (one of them is required), and its return. */
export const inventoryAssignmentsResource = defineResource({
  key: 'inventory_assignments',
  table: 'inventory_assignments',
  query: (client, { companyId }) =>
    client
      .from('inventory_assignments')
      .join('inventory_items as i', 'i.id', 'inventory_assignments.inventory_item_id')
      .leftJoin('devices as d', 'd.id', 'inventory_assignments.device_id')
      .leftJoin('drivers as dr', 'dr.id', 'inventory_assignments.driver_id')
      .leftJoin('users as u', 'u.id', 'inventory_assignments.assigned_by')
      .where('inventory_assignments.company_id', companyId),
  columns: {
    id: numberColumn('inventory_assignments.id'),
    item: textColumn('i.name'),
    inventory_item_id: numberColumn('inventory_assignments.inventory_item_id'),
    device: textColumn('d.name'),
    device_id: numberColumn('inventory_assignments.device_id'),
    driver: textColumn('dr.name'),
    driver_id: numberColumn('inventory_assignments.driver_id'),
    assigned_by: textColumn('coalesce(u.full_name, u.email)'),
    assigned_at: dateColumn('inventory_assignments.assigned_at'),
    returned_at: dateColumn('inventory_assignments.returned_at'),
    is_returned: booleanColumn('inventory_assignments.is_returned'),
    notes: textColumn('inventory_assignments.notes', { sortable: false }),
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
  write: { role: 'manager', validate: validateAssignment },
  lookups: (client, { companyId }) =>
    companyLookups(client, companyId, {
      items: 'inventory_items',
      vehicles: 'devices',
      drivers: 'drivers',
    }),
})
