import type { ReactNode } from 'react'
import type { RouteName, RouteParams } from '#shared/route_table'

export type PathBuilder = (name: RouteName, params?: RouteParams) => string

export interface RowHelpers {
  reload: () => void
  basePath: string
  vehicles: Vehicle[]
}

export type ColumnKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum'

export interface ColumnMeta {
  name: string
  kind: ColumnKind
  sortable: boolean
  filterable: boolean
  enumValues: string[] | null
}

/** What the server says about a resource (app/crud/resource_controller.ts). */
export interface ResourceMeta {
  key: string
  columns: ColumnMeta[]
  defaultFields: string[]
  defaultSort: { column: string; order: 'asc' | 'desc' }
  hasDateRange: boolean
  hasDeviceFilter: boolean
  hasSearch: boolean
  labelColumn: string
  canWrite: boolean
}

export type Row = Record<string, unknown> & { id: unknown }

export interface Lookup {
  id: number
  name: string
}

export interface Vehicle {
  id: number
  name: string
  plate: string | null
  imei: string
}

export type FormFieldKind = 'text' | 'number' | 'date' | 'textarea' | 'enum' | 'lookup'

export interface FormField {
  name: string
  kind: FormFieldKind
  required?: boolean
  /** For enum fields: the values (labels from crud.<key>.values.<field>.<value>). */
  values?: readonly string[]
  /** For lookup fields: which list of `lookups` holds the options. */
  lookup?: string
  /** Spans both columns of the form grid. */
  wide?: boolean
  step?: string
}

/** The client half of a resource: its form and any cells or row actions of its own. */
export interface ResourceClient {
  key: string
  form?: FormField[]
  /** Defaults for a new record (e.g. status active). */
  defaults?: Record<string, string>
  cells?: Record<string, (value: unknown, row: Row) => ReactNode>
  rowActions?: (row: Row, helpers: RowHelpers) => ReactNode
  /** A link for the row's label (e.g. the vehicle detail page). */
  rowHref?: (row: Row, path: PathBuilder) => string | null
}
