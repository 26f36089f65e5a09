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
  /** Money in units; `currency` names the row's currency field. */
  money?: { currency: string | null } | null
}

/** What the server says about a resource (app/crud/resource_controller.ts). */
export interface ResourceMeta {
  key: string
  columns: ColumnMeta[]
  defaultFields: string[]
  defaultSort: { column: string; order: 'asc' | 'desc' }
  hasDateRange: boolean
  /** The range shown when none is chosen (the last N days), if the resource has one. */
  defaultRangeDays?: number | null
  hasDeviceFilter: boolean
  hasSearch: boolean
  labelColumn: string
  /** The record's own date (a fine's date, a service's entry date), which names it with its label. */
  dateColumn?: string | null
  canWrite: boolean
  /** May add records (members file requests that only managers edit). */
  canCreate?: boolean
  /** The create/edit form, declared once on the server (app/crud/define_resource.ts). */
  form: FormField[]
  /** Values of a new record. */
  defaults: Record<string, string>
  /** File fields, each served at `<page>/<id>/files/<field>`. */
  fileFields?: string[]
  /** The member may import the table from a spreadsheet (`<page>/import`, app/crud/import/). */
  importable?: boolean
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

export type FormFieldKind =
  'text' | 'textarea' | 'number' | 'money' | 'date' | 'enum' | 'reference' | 'boolean' | 'file'

export interface FormField {
  name: string
  kind: FormFieldKind
  required: boolean
  /** For enum fields: the values (labels from crud.<key>.values.<field>.<value>). */
  values: string[] | null
  /** Spans both columns of the form grid. */
  wide: boolean
  step: string | null
  /** Files: the extensions the picker offers. */
  accept?: string | null
}

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
