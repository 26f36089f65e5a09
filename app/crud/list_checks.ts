import db from '@adonisjs/lucid/services/db'
import type { ResourceDescriptor } from './resource.js'
import {
  ListQueryError,
  parseListParams,
  type ColumnTypes,
  type ListParamIssue,
  type ListParams,
  type NumberType,
} from './list_params.js'

/** PostgreSQL type oids of the number types a column expression can have. */
const NUMBER_TYPES: Record<number, NumberType> = {
  20: 'int8',
  21: 'int2',
  23: 'int4',
  700: 'float4',
  701: 'float8',
  1700: 'numeric',
}

const probed = new WeakMap<ResourceDescriptor, Promise<ColumnTypes>>()

/**
 * The database type of each number column of a resource, asked once per process
 * from PostgreSQL itself (the resource's query with LIMIT 0 returns no rows but
 * the type of every selected expression), so that `eq:1.5` on an integer
 * column or `eq:1e20` is refused before the query runs.
 */
export function columnTypes(resource: ResourceDescriptor): Promise<ColumnTypes> {
  let types = probed.get(resource)
  if (!types) {
    types = probeColumnTypes(resource)
    probed.set(resource, types)
    // A failed probe (database away) is asked again next time.
    types.catch(() => probed.delete(resource))
  }
  return types
}

async function probeColumnTypes(resource: ResourceDescriptor): Promise<ColumnTypes> {
  const names = Object.keys(resource.columns).filter(
    (name) => resource.columns[name].kind === 'number'
  )
  if (names.length === 0) return {}
  const query = resource.query(db.connection(), { companyId: 0 }).clearSelect().limit(0)
  names.forEach((name, index) => {
    query.select(db.raw(`${resource.columns[name].sql} as ??`, [`c${index}`]))
  })
  const { sql, bindings } = query.toSQL()
  const result = (await db.rawQuery(sql, bindings as never[])) as {
    fields: { name: string; dataTypeID: number }[]
  }
  const types: ColumnTypes = {}
  for (const field of result.fields) {
    const type = NUMBER_TYPES[field.dataTypeID]
    if (type) types[names[Number(field.name.slice(1))]] = type
  }
  return types
}

/**
 * A SIMILAR TO pattern is a regular expression for PostgreSQL; whether it
 * compiles is asked from PostgreSQL itself (an invalid one, `(`, would fail the
 * whole list query with 2201B).
 */
async function patternIssues(params: ListParams): Promise<ListParamIssue[]> {
  const issues: ListParamIssue[] = []
  for (const filter of params.filters) {
    if (filter.operator !== 'similar') continue
    try {
      await db.rawQuery(`select '' similar to ?`, [filter.value])
    } catch (error) {
      if (!String((error as { code?: string }).code ?? '').startsWith('22')) throw error
      issues.push({
        field: `filter[${filter.column}]`,
        key: 'input.table.invalid_pattern',
        values: { column: filter.column },
      })
    }
  }
  return issues
}

/**
 * The table query contract, read and checked against the database's types and pattern rules.
 * Dates without an offset (`from=2026-03-04`) are days and times in `zone`, the user's.
 */
export async function readListParams(
  resource: ResourceDescriptor,
  input: Record<string, unknown>,
  zone?: string
): Promise<ListParams> {
  const params = parseListParams(resource, input, await columnTypes(resource), zone)
  const issues = await patternIssues(params)
  if (issues.length > 0) throw new ListQueryError(issues)
  return params
}
