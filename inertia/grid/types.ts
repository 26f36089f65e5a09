import type { ListPage as SharedListPage } from '#shared/table_query'
import type { ReactNode } from 'react'

/** One row of a list; its id keeps the row's place in the grid between loads. */
export type GridRow = Record<string, unknown> & { id: unknown }

export type GridColumnKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum'

/** A column the server can list, sort and filter by (the table query contract's whitelist). */
export interface GridColumn {
  name: string
  kind: GridColumnKind
  sortable: boolean
  filterable: boolean
  enumValues: string[] | null
}

/** What the grid needs to know about a list: its columns and what it shows by default. */
export interface GridModel {
  key: string
  columns: GridColumn[]
  defaultFields: string[]
  defaultSort: { column: string; order: 'asc' | 'desc' }
}

/** A problem with the query or the load, shown above the grid. */
export type GridIssue = {
  field: string
  message: string
}

/** One page of rows as the server answers it (app/shared/table_query.ts). */
export type ListPage<R extends GridRow = GridRow> = SharedListPage<R>

/**
 * Where a grid's rows come from. The grid owns the table query (its state in the URL) and
 * asks the source to load it; the source answers with the page of rows and any issues.
 */
export interface ListSource<R extends GridRow = GridRow> {
  page: ListPage<R> | null
  issues: GridIssue[]
  loading: boolean
  /** Shows the rows of this table query (a query string of the table query contract). */
  load: (query: string) => void
  /** Loads the current query again, e.g. after a write. */
  reload: () => void
  /** The download address of a query in a format (the JSON endpoint's export). */
  exportUrl: (query: URLSearchParams, format: 'csv' | 'xlsx') => string
  /** Remembers the user's column choice and page size, if the list keeps them. */
  savePreferences?: (fields: string[], perPage: number) => void
}

/** How the grid shows a column: its header, a cell's text and, where it has one, its own cell. */
export interface GridPresentation<R extends GridRow = GridRow> {
  header: (column: GridColumn) => string
  text: (column: GridColumn, value: unknown, row: R) => string
  cell?: (column: GridColumn, value: unknown, row: R) => ReactNode
}
