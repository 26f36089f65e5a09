/**
 * The table query contract shared by the server (app/crud/list_params.ts) and the
 * client (inertia/crud/query_state.ts): the column filter operators and page sizes.
 */
export const filterOperators = [
  'eq',
  'neq',
  'like',
  'ilike',
  'similar',
  'not_like',
  'not_ilike',
  'is_null',
  'is_not_null',
  'gt',
  'gte',
  'lt',
  'lte',
] as const
export type FilterOperator = (typeof filterOperators)[number]

/** Operators that order values: for numbers (money too) and dates only. */
export const comparisonOperators: ReadonlySet<string> = new Set<FilterOperator>([
  'gt',
  'gte',
  'lt',
  'lte',
])

/**
 * The operators a column offers by its kind, the most useful first: text is searched by
 * pattern, numbers and dates are compared, listed values and yes/no are matched.
 */
export function operatorsForKind(kind: string): readonly FilterOperator[] {
  if (kind === 'number' || kind === 'date' || kind === 'datetime') {
    return ['eq', 'gte', 'lte', 'gt', 'lt', 'neq', 'is_null', 'is_not_null']
  }
  if (kind === 'enum' || kind === 'boolean') return ['eq', 'neq', 'is_null', 'is_not_null']
  return [
    'ilike',
    'not_ilike',
    'eq',
    'neq',
    'like',
    'not_like',
    'similar',
    'is_null',
    'is_not_null',
  ]
}

/** Operators that take no value (`filter[plate]=is_null`). */
export const valuelessOperators: ReadonlySet<string> = new Set<FilterOperator>([
  'is_null',
  'is_not_null',
])

export const perPageSizes = [10, 25, 50, 100, 250, 500] as const
export const defaultPerPage = 25

/**
 * A value of a table row as the database driver reads it: JSON as it is, dates (which
 * serialize as ISO strings) and JSON columns.
 */
export type TableValue =
  string | number | boolean | null | Date | TableValue[] | { [key: string]: TableValue }

/** A row of a resource table: its id and the columns asked for. */
export type TableRow = { id: TableValue; [column: string]: TableValue }

/**
 * A page of a table: its rows and where it stands among them. A `type`, not an `interface`:
 * page props must be JSON-shaped types for Inertia to check them (an interface reads `never`).
 */
export type ListPage<Row = Record<string, unknown>> = {
  data: Row[]
  meta: {
    total: number
    /** True when counting stopped at the cap: there are at least `total` rows. */
    totalIsLowerBound: boolean
    page: number
    perPage: number
    lastPage: number
  }
}
