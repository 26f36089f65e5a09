import type { Data } from '~generated/data'
import type { ReactNode } from 'react'
import type { RouteName, RouteParams } from '#shared/route_table'

export type PathBuilder = (name: RouteName, params?: RouteParams) => string

export interface RowHelpers {
  reload: () => void
  basePath: string
  vehicles: Vehicle[]
}

/** What the server says about a resource: generated from app/transformers/crud/resource_transformer.ts. */
type ResourceData = Data.Crud.Resource

export type ColumnKind = ColumnMeta['kind']

/** A column of the resource's table (the grid's own columns have no money). */
export type ColumnMeta = Omit<GeneratedColumn, 'money'> & { money?: GeneratedColumn['money'] }
type GeneratedColumn = ResourceData['columns'][number]

/**
 * A resource as a page reads it. A form without a table (the vehicle page's fuel log card)
 * leaves out what only the table reads.
 */
export type ResourceMeta = Omit<ResourceData, OnlyTheTable> &
  Partial<Pick<ResourceData, OnlyTheTable>>
type OnlyTheTable = 'defaultRangeDays' | 'dateColumn' | 'canCreate' | 'fileFields' | 'importable'

export type Row = Record<string, unknown> & { id: unknown }

export type Lookup = {
  id: number
  name: string
}

export type Vehicle = {
  id: number
  name: string
  plate: string | null
  imei: string
}

export type FormField = ResourceData['form'][number]

export type FormFieldKind = FormField['kind']

/**
 * The client half of a resource: only what is visual (custom cells, row actions,
 * a link for the label). Fields, forms and values come from the server.
 */
export interface ResourceClient {
  key: string
  cells?: Record<string, (value: unknown, row: Row) => ReactNode>
  rowActions?: (row: Row, helpers: RowHelpers) => ReactNode
  /** A link for the row's label (e.g. the vehicle detail page). */
  rowHref?: (row: Row, path: PathBuilder) => string | null
}
