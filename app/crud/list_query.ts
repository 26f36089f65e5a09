import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { ColumnSpec, ListContext, ResourceDescriptor } from './resource.js'
import type { ColumnFilter, ListParams } from './list_params.js'
import type { ListPage, TableRow } from '#shared/table_query'

const DEFAULT_COUNT_CAP = 100_000

export type { ListPage }

/** A pattern as users type it: `*` works like `%`. */
function pattern(value: string) {
  return value.replaceAll('*', '%')
}

/**
 * Column SQL comes from the resource's whitelist, never from the request; every
 * value the request carries is a bound parameter.
 */
function applyFilter(query: DatabaseQueryBuilderContract, spec: ColumnSpec, filter: ColumnFilter) {
  const column = spec.sql
  const text = `(${spec.sql})::text`
  const value = filter.value ?? ''
  switch (filter.operator) {
    case 'eq':
      return query.whereRaw(`${column} = ?`, [typed(spec, value)])
    case 'neq':
      return query.whereRaw(`${column} IS DISTINCT FROM ?`, [typed(spec, value)])
    case 'like':
      return query.whereRaw(`${text} LIKE ?`, [pattern(value)])
    case 'ilike':
      return query.whereRaw(`${text} ILIKE ?`, [pattern(value)])
    case 'not_like':
      return query.whereRaw(`(${column} IS NULL OR ${text} NOT LIKE ?)`, [pattern(value)])
    case 'not_ilike':
      return query.whereRaw(`(${column} IS NULL OR ${text} NOT ILIKE ?)`, [pattern(value)])
    case 'similar':
      return query.whereRaw(`${text} SIMILAR TO ?`, [value])
    case 'gt':
      return query.whereRaw(`${column} > ?`, [value])
    case 'gte':
      return query.whereRaw(`${column} >= ?`, [value])
    case 'lt':
      return query.whereRaw(`${column} < ?`, [value])
    case 'lte':
      return query.whereRaw(`${column} <= ?`, [value])
    case 'is_null':
      return query.whereRaw(`${column} IS NULL`)
    case 'is_not_null':
      return query.whereRaw(`${column} IS NOT NULL`)
  }
}

/** Numbers go as their exact text (checked against the column's type by the params). */
function typed(spec: ColumnSpec, value: string): string | boolean {
  if (spec.kind === 'boolean') return value === 'true'
  return value
}

/** The resource's query with every part of the contract but paging and sorting applied. */
export function filteredQuery(
  resource: ResourceDescriptor,
  params: ListParams,
  context: ListContext
) {
  const query = resource.query(db.connection(), context)
  for (const filter of params.filters) applyFilter(query, resource.columns[filter.column], filter)
  if (resource.dateColumn) {
    const dateSql = resource.columns[resource.dateColumn].sql
    if (params.from) query.whereRaw(`${dateSql} >= ?`, [params.from.toJSDate()])
    if (params.to) query.whereRaw(`${dateSql} <= ?`, [params.to.toJSDate()])
  }
  if (params.deviceId !== null && resource.deviceColumn) {
    query.whereRaw(`${resource.columns[resource.deviceColumn].sql} = ?`, [params.deviceId])
  }
  if (params.q && resource.searchColumns) {
    const term = `%${params.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`
    query.where((builder) => {
      for (const column of resource.searchColumns!) {
        builder.orWhereRaw(`(${resource.columns[column].sql})::text ILIKE ?`, [term])
      }
    })
  }
  return query
}

/** Orders by the chosen column, then by the row's key (or id) so that pages are stable. */
function orderRows(
  resource: ResourceDescriptor,
  query: DatabaseQueryBuilderContract,
  params: ListParams
) {
  const sortSql = resource.columns[params.sort].sql
  query.orderByRaw(`${sortSql} ${params.order} nulls last`)
  if (resource.keyColumns) {
    for (const sql of resource.keyColumns) query.orderByRaw(`${sql} ${params.order}`)
  } else if (params.sort !== 'id' && resource.columns.id) {
    query.orderByRaw(`${resource.columns.id.sql} ${params.order}`)
  }
  return query
}

/** Selects the chosen fields (plus id) under their public names, sorted with a stable tiebreaker. */
export function selectAndSort(
  resource: ResourceDescriptor,
  query: DatabaseQueryBuilderContract,
  params: ListParams
) {
  const fields = params.fields.length > 0 ? params.fields : resource.defaultFields
  const selected = new Set(['id', ...fields, resource.labelColumn])
  // An amount reads with its currency.
  for (const field of fields) {
    const currency = resource.columns[field]?.money?.currency
    if (currency) selected.add(currency)
  }
  query.clearSelect()
  for (const field of selected) {
    const spec = Object.hasOwn(resource.columns, field) ? resource.columns[field] : undefined
    if (spec) query.select(db.raw(`${spec.sql} as ??`, [field]))
  }
  return orderRows(resource, query, params)
}

/**
 * One page of rows. With key columns, the page's keys are found first and only its rows'
 * fields computed: a sort reads every filtered row (a fleet's day of positions is 100,000
 * and more), and computing each one's fields before sorting was most of the time.
 */
function pageRows(
  resource: ResourceDescriptor,
  params: ListParams,
  context: ListContext,
  offset: number
) {
  const rows = selectAndSort(resource, filteredQuery(resource, params, context), params)
  if (!resource.keyColumns) return rows.offset(offset).limit(params.perPage)
  const keys = orderRows(resource, filteredQuery(resource, params, context), params)
    .clearSelect()
    .select(resource.keyColumns.map((sql) => db.raw(sql)))
    .offset(offset)
    .limit(params.perPage)
  return rows.whereIn(resource.keyColumns, keys)
}

export async function listPage(
  resource: ResourceDescriptor,
  params: ListParams,
  context: ListContext
): Promise<ListPage<TableRow>> {
  const cap = resource.countCap ?? DEFAULT_COUNT_CAP
  const counted = filteredQuery(resource, params, context)
    .clearSelect()
    .select(db.raw('1'))
    .limit(cap + 1)
  // The count and the page are independent: each on its own connection, at the same time.
  const [[{ total }], rows] = await Promise.all([
    db.from(counted.as('capped')).count('* as total'),
    pageRows(resource, params, context, (params.page - 1) * params.perPage),
  ])
  const count = Number(total)
  const shown = Math.min(count, cap)
  return {
    // The driver's rows are untyped; every resource selects its id (positions make one).
    data: rows as TableRow[],
    meta: {
      total: shown,
      totalIsLowerBound: count > cap,
      page: params.page,
      perPage: params.perPage,
      lastPage: Math.max(1, Math.ceil(shown / params.perPage)),
    },
  }
}
