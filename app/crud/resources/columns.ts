import type { ColumnSpec } from '#crud/resource'

/** Column spec shorthands: sortable and filterable unless said otherwise. */
export const textColumn = (sql: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  sql,
  kind: 'text',
  sortable: true,
  filterable: true,
  ...extra,
})
export const enumColumn = (sql: string, enumValues: readonly string[]): ColumnSpec => ({
  sql,
  kind: 'enum',
  enumValues,
  sortable: true,
  filterable: true,
})
export const numberColumn = (sql: string): ColumnSpec => ({
  sql,
  kind: 'number',
  sortable: true,
  filterable: true,
})
export const dateColumn = (sql: string): ColumnSpec => ({
  sql,
  kind: 'date',
  sortable: true,
  filterable: true,
})
export const dateTimeColumn = (sql: string): ColumnSpec => ({
  sql,
  kind: 'datetime',
  sortable: true,
  filterable: true,
})
export const booleanColumn = (sql: string): ColumnSpec => ({
  sql,
  kind: 'boolean',
  sortable: true,
  filterable: true,
})
