import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { currencies, inventoryTypes } from '#shared/fleet_enums'

const parameters = vine.create({ ...periodParameters() })

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * The company's inventory items now: quantity, held (assignments not returned), returned, in
 * stock (quantity less what is held, never below 0), unit price and value (quantity × price)
 * in the item's currency. Items are the company's, not a vehicle's: a member limited to
 * vehicle groups sees the company's inventory, as on the inventory table.
 */
function itemsQuery({ client, context }: ReportScope<Params>) {
  return client
    .from('inventory_items as i')
    .where('i.company_id', context.companyId)
    .joinRaw(
      `LEFT JOIN (SELECT inventory_item_id,
         count(*) FILTER (WHERE NOT is_returned)::int AS held,
         count(*) FILTER (WHERE is_returned)::int AS returned
       FROM inventory_assignments WHERE company_id = ? GROUP BY inventory_item_id) a
       ON a.inventory_item_id = i.id`,
      [context.companyId]
    )
}

const heldSql = 'coalesce(a.held, 0)'

/** Value totals per currency: `value_try`, `value_eur` (labels `totals.value_<currency>`). */
const valueTotal = (currency: string) => `value_${currency.toLowerCase()}`

/**
 * The inventory reports (issue 29): the fleet page `assets.inventory-reports` (its EN and TR
 * paths kept), a report of the present state (no period); totals are the items in stock, held
 * and returned, and the value per currency.
 */
export const inventoryReportsReport = defineReport({
  slug: 'inventory-reports',
  route: 'assets.inventory-reports',
  group: 'fleet',
  key: 'inventory_reports',
  withoutPeriod: true,
  parameters,
  columns: {
    itemId: { kind: 'number', hidden: true, sortable: false },
    name: { kind: 'text', sortable: true },
    type: { kind: 'enum', enumValues: inventoryTypes, sortable: true },
    category: { kind: 'text', sortable: true },
    quantity: { kind: 'number', sortable: true },
    held: { kind: 'number', sortable: true },
    returned: { kind: 'number', sortable: true },
    inStock: { kind: 'number', sortable: true },
    currency: { kind: 'enum', enumValues: currencies, sortable: true },
    unitPrice: { kind: 'number', sortable: true },
    value: { kind: 'number', sortable: true },
  },
  rows(scope) {
    return itemsQuery(scope)
      .select('i.id as itemId', 'i.name', 'i.type', 'i.category', 'i.quantity', 'i.currency')
      .select(
        scope.client.raw(`${heldSql} AS held`),
        scope.client.raw('coalesce(a.returned, 0) AS returned'),
        scope.client.raw(`greatest(i.quantity - ${heldSql}, 0) AS "inStock"`),
        scope.client.raw('i.purchase_price_cents / 100.0 AS "unitPrice"'),
        scope.client.raw('i.purchase_price_cents * i.quantity / 100.0 AS value')
      )
      .orderBy('i.name', 'asc')
      .orderBy('i.id', 'asc')
  },
  async totals(scope) {
    const row = await itemsQuery(scope)
      .select(
        scope.client.raw(`coalesce(sum(greatest(i.quantity - ${heldSql}, 0)), 0)::int AS in_stock`),
        scope.client.raw(`coalesce(sum(${heldSql}), 0)::int AS held`),
        scope.client.raw('coalesce(sum(coalesce(a.returned, 0)), 0)::int AS returned'),
        ...currencies.map((currency) =>
          scope.client.raw(
            `round(sum(i.purchase_price_cents * i.quantity) FILTER (WHERE i.currency = ?) / 100.0, 2) AS ??`,
            [currency, valueTotal(currency)]
          )
        )
      )
      .first()
    const totals: Record<string, number> = {
      in_stock: Number(row?.in_stock ?? 0),
      held: Number(row?.held ?? 0),
      returned: Number(row?.returned ?? 0),
    }
    // A currency's value only when an item priced in it exists (as the page showed it).
    for (const currency of currencies) {
      const value = row?.[valueTotal(currency)]
      if (value !== null && value !== undefined) totals[valueTotal(currency)] = Number(value)
    }
    return totals
  },
})
