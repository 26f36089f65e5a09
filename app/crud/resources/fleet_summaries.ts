import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { defineResource } from '#crud/define_resource'
import type { ListContext } from '#crud/resource'
import { amount, enumOf, number, text } from '#crud/fields'
import { currencies, driverStatuses } from '#shared/fleet_enums'
import { REPORT_CURRENCY } from '#reports/engine/money'
import { exchangeRate } from '#services/site/quotes'

/**
 * Per vehicle and per driver: the distance and driving time of their trips, what they cost
 * (from the fleet's records) and the cost per kilometre, over everything recorded. Costs are
 * in TL; an amount recorded in EUR counts at EUR_TRY_RATE (the quotes' rate). Read-only
 * tables on the machinery of every table: sort, filter, column choice and export.
 */
const inTry = (cents: string, table: string) =>
  `${cents} * (CASE ${table}.currency WHEN 'EUR' THEN ${Number(exchangeRate().rate)} ELSE 1 END)`
const tl = (sql: string) => `round(coalesce(${sql}, 0) / 100.0, 2)`

/** Cost rows of one kind per vehicle or driver: (owner, kind, cents in TL). */
function costRows(owner: 'device_id' | 'driver_id') {
  const parts = [
    `SELECT ${owner} AS owner_id, 'expense' AS kind, ${inTry('amount_cents', 'expenses')} AS cents
       FROM expenses WHERE company_id = :companyId`,
    `SELECT ${owner}, 'fine', ${inTry('amount_cents', 'traffic_fines')}
       FROM traffic_fines WHERE company_id = :companyId`,
  ]
  if (owner === 'device_id') {
    parts.push(
      `SELECT device_id, 'service', ${inTry('amount_cents', 'service_records')}
         FROM service_records WHERE company_id = :companyId`,
      `SELECT device_id, 'insurance', ${inTry('policy_amount_cents', 'insurances')}
         FROM insurances WHERE company_id = :companyId`
    )
  }
  return `SELECT owner_id,
      sum(cents) FILTER (WHERE kind = 'expense') AS expense_cents,
      sum(cents) FILTER (WHERE kind = 'service') AS service_cents,
      sum(cents) FILTER (WHERE kind = 'fine') AS fine_cents,
      sum(cents) FILTER (WHERE kind = 'insurance') AS insurance_cents,
      sum(cents) AS total_cents,
      count(*) FILTER (WHERE kind = 'fine') AS fines
    FROM (${parts.join(' UNION ALL ')}) c WHERE owner_id IS NOT NULL GROUP BY owner_id`
}

const trips = (owner: 'device_id' | 'driver_id') =>
  `SELECT ${owner} AS owner_id, sum(distance) / 1000.0 AS km, sum(duration) AS seconds,
      count(*) AS trips
    FROM trips WHERE company_id = :companyId AND ${owner} IS NOT NULL GROUP BY ${owner}`

const accidents = (owner: 'device_id' | 'driver_id') =>
  `SELECT ${owner} AS owner_id, count(*) AS accidents FROM accidents
    WHERE company_id = :companyId AND ${owner} IS NOT NULL GROUP BY ${owner}`

/** The common figures: distance, driving time, trips, costs and cost per km. */
const figures = {
  distance_km: number('round(coalesce(t.km, 0)::numeric, 1)'),
  driving_hours: number('round(coalesce(t.seconds, 0) / 3600.0, 1)'),
  trips: number('coalesce(t.trips, 0)::int'),
  expenses: amount(tl('c.expense_cents')),
  fines: amount(tl('c.fine_cents')),
  fine_count: number('coalesce(c.fines, 0)::int'),
  accidents: number('coalesce(a.accidents, 0)::int'),
  total_cost: amount(tl('c.total_cents')),
  cost_per_km: amount(
    'CASE WHEN coalesce(t.km, 0) > 0 THEN round((coalesce(c.total_cents, 0) / 100.0 / t.km)::numeric, 2) END'
  ),
  // Every amount is in TL (EUR records converted): the currency the amounts read with.
  currency: enumOf(`'${REPORT_CURRENCY}'::text`, currencies, {
    sortable: false,
    filterable: false,
  }),
}

/**
 * The company's vehicles or drivers with their region and department, and their trips, costs
 * and accidents joined by owner.
 */
function summaryRows(
  table: 'devices' | 'drivers',
  alias: string,
  owner: 'device_id' | 'driver_id'
) {
  return (client: QueryClientContract, { companyId }: ListContext) =>
    client
      .from(`${table} as ${alias}`)
      .where(`${alias}.company_id`, companyId)
      .leftJoin('regions as r', 'r.id', `${alias}.region_id`)
      .leftJoin('departments as dep', 'dep.id', `${alias}.department_id`)
      .joinRaw(`LEFT JOIN (${trips(owner)}) t ON t.owner_id = ${alias}.id`, { companyId })
      .joinRaw(`LEFT JOIN (${costRows(owner)}) c ON c.owner_id = ${alias}.id`, { companyId })
      .joinRaw(`LEFT JOIN (${accidents(owner)}) a ON a.owner_id = ${alias}.id`, { companyId })
}

export const vehicleSummaryResource = defineResource({
  key: 'vehicle_summary',
  table: 'devices',
  query: summaryRows('devices', 'd', 'device_id'),
  fields: {
    id: number('d.id'),
    name: text('d.name'),
    plate: text('d.plate'),
    region: text('r.name'),
    department: text('dep.name'),
    ...figures,
    services: amount(tl('c.service_cents')),
    insurance: amount(tl('c.insurance_cents')),
  },
  defaultFields: [
    'name',
    'plate',
    'distance_km',
    'driving_hours',
    'trips',
    'expenses',
    'services',
    'fines',
    'insurance',
    'total_cost',
    'cost_per_km',
  ],
  defaultSort: { column: 'total_cost', order: 'desc' },
  deviceColumn: 'id',
  searchColumns: ['name', 'plate'],
})

export const driverSummaryResource = defineResource({
  key: 'driver_summary',
  table: 'drivers',
  query: summaryRows('drivers', 'dr', 'driver_id'),
  fields: {
    id: number('dr.id'),
    name: text('dr.name'),
    status: enumOf('dr.status', driverStatuses),
    region: text('r.name'),
    department: text('dep.name'),
    ...figures,
  },
  defaultFields: [
    'name',
    'distance_km',
    'driving_hours',
    'trips',
    'expenses',
    'fine_count',
    'fines',
    'accidents',
    'total_cost',
    'cost_per_km',
  ],
  defaultSort: { column: 'distance_km', order: 'desc' },
  searchColumns: ['name'],
  driverColumn: 'id',
})
