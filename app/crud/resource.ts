import type { HttpContext } from '@adonisjs/core/http'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import type { RouteAbility } from '#abilities/main'

/**
 * The one resource machinery. A resource declares each of its fields once (SQL,
 * kind, values, form rules, lookup) in `defineResource`; the list query, the
 * filters, the validator, the form sent to the page, the export and the i18n keys
 * are all derived from that one declaration (app/crud/define_resource.ts).
 */
export type FieldKind =
  'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum' | 'reference' | 'money' | 'file'

/** How a column reads and filters in the table (derived from the field's kind). */
export type ColumnKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum'

export interface ColumnSpec {
  /** SQL expression the column reads (qualified), e.g. `devices.name` or `s.speed`. */
  sql: string
  kind: ColumnKind
  sortable?: boolean
  filterable?: boolean
  enumValues?: readonly string[]
  /**
   * Money in units (a number with two decimals); `currency` names the row's field that holds
   * its currency, which the list then reads with it.
   */
  money?: { currency: string | null }
}

/** Where a field sits in the form and the rules its input follows. */
export interface FormOptions {
  required?: boolean
  /** Text: longest length (200, or 2000 when multiline). Numbers and money: highest value. */
  max?: number
  /** Numbers: lowest value. */
  min?: number
  /** Numbers: whole numbers only. */
  integer?: boolean
  /** Text: a pattern the value must match. */
  pattern?: RegExp
  /** Text: an e-mail address. */
  email?: boolean
  /** Unique within the company, or across all companies with 'global'. */
  unique?: true | 'global'
  /** Text: a text area spanning the form's width. */
  multiline?: boolean
  /** Spans both columns of the form grid. */
  wide?: boolean
  /** Value of a new record; 'today' for dates. */
  default?: string
  /** Dates: today or earlier. */
  notAfterToday?: boolean
  /** Dates: the same day as this other date field of the form, or later (end after start). */
  notBefore?: string
  /** References: required when this other field is empty ("a vehicle or a driver"). */
  requiredIfMissing?: string
  /** Numbers and money: the input's step. */
  step?: string
}

export interface FieldSpec {
  sql: string
  kind: FieldKind
  sortable: boolean
  filterable: boolean
  /** Enum values (from app/shared). */
  values?: readonly string[]
  /** The stored column when it differs from the field (money: `price_cents`). */
  column?: string
  /**
   * References: the company table pointed to, the label column and the label's field name.
   * `members`: the table is `users` and the choices are the company's members (through
   * `team_members`), never another company's users.
   */
  lookup?: { table: string; label: string; as: string; members?: boolean }
  /** Present when the field is written through the form. */
  form?: FormOptions
  /** Files: the extensions and the largest size accepted ('10mb'). */
  upload?: { extnames: readonly string[]; size: string }
}

export interface ListContext {
  companyId: number
  /** The member reading (resources that show members only their own rows). */
  userId?: number
  /** The vehicle groups the reader is limited to; null or absent: all (vehicle_scope.ts). */
  deviceGroupIds?: number[] | null
  /** What the policy layer allows the reader (app/abilities/main.ts), for row-level rules. */
  can?: { seeEveryonesRequests: boolean }
  /** The member's time zone ("today" of date rules such as a driver's leave). */
  timeZone?: string
}

export interface Lookup {
  id: number
  name: string
}

/** A form field as the page receives it (through the resource transformer). */
export interface FormFieldMeta {
  name: string
  kind:
    'text' | 'textarea' | 'number' | 'date' | 'enum' | 'reference' | 'boolean' | 'money' | 'file'
  required: boolean
  values: string[] | null
  wide: boolean
  step: string | null
  /** Files: the extensions the picker offers (`.pdf,.jpg`). */
  accept?: string | null
}

export interface ResourceWrite {
  /** The ability (app/abilities/main.ts) to create, edit and delete. */
  ability: RouteAbility
  /** The ability to create, when others may (members file requests, managers edit). */
  createAbility?: RouteAbility
  /** The Lucid model writes go through (hooks, casts, timestamps). */
  model: LucidModel
  /** Columns set by the server, not the form (e.g. who assigned an item); `id` is null on create. */
  fill?(ctx: HttpContext, id: number | null): Record<string, unknown>
  /**
   * Rules beyond the fields' own, on the values to store: a refusal names the field and the
   * message (in the request's language), answered like any validation error.
   */
  check?(
    ctx: HttpContext,
    values: Record<string, unknown>,
    id: number | null
  ): Promise<{ field: string; message: string } | null>
  /** Stored values before they are written (derived columns). */
  prepare?(values: Record<string, unknown>): Record<string, unknown>
  /** After a write, with the record's attributes (e.g. tell the tracker listener). */
  afterWrite?(client: QueryClientContract, attributes: Record<string, unknown>): Promise<void>
}

/**
 * How a resource's table imports spreadsheets (app/crud/import/). Every resource with a
 * form imports by default, with the form's fields, validator and create ability; a
 * resource declares this only to say otherwise.
 */
export interface ResourceImportOptions {
  /** Form fields left out of the import (besides files, which never import). */
  exclude?: string[]
  /**
   * References: the columns of the referenced table a cell is matched against, by field
   * (default: the label column; vehicles also by plate and IMEI, members by e-mail).
   */
  matchBy?: Record<string, string[]>
}

/** What a resource file declares. */
export interface ResourceDefinition {
  /** Stable key: i18n namespace entry (`crud.<key>`), table preferences, client registry. */
  key: string
  /** The company table read and written; its rows carry `company_id`. */
  table: string
  /** Each field once, in form order. */
  fields: Record<string, FieldSpec>
  /** Joins beyond the references' own (live values, counts). */
  extend?(query: DatabaseQueryBuilderContract, context: ListContext): void
  /** Replaces the default `<table> where company_id` query (read-only resources). */
  query?(client: QueryClientContract, context: ListContext): DatabaseQueryBuilderContract
  /** Columns shown when the user has not chosen. */
  defaultFields: string[]
  defaultSort?: { column: string; order: 'asc' | 'desc' }
  /** The date column `from`/`to` apply to. */
  dateColumn?: string
  /** When set, `from`/`to` default to the last `days` days (large tables). */
  defaultRangeDays?: number
  /** The device column `deviceId` applies to. */
  deviceColumn?: string
  /** Columns `q` searches with ILIKE (plate, IMEI, name...). */
  searchColumns?: string[]
  /**
   * The driver column of a resource listing drivers without a vehicle column: a member
   * limited to vehicle groups reads only their drivers' rows (`visibleDriversOnly`).
   */
  driverColumn?: string
  /** Counting stops here: beyond it the total is reported as "more than". */
  countCap?: number
  /**
   * The columns (`alias.column`, no expressions) that identify a row in the resource's
   * query, for a resource whose `id` is built from several: ties in a sort are ordered by
   * them, and a page is found by them before its fields are computed (list_query.ts).
   */
  keyColumns?: string[]
  /** What a row is called in messages (delete confirmation); `name` by default. */
  labelColumn?: string
  /**
   * Personal data (drivers' birth date, phone...): absent from the page, data, form, export
   * and search of members without the HR right (the viewPersonalData ability).
   */
  personalFields?: string[]
  /**
   * The rows that concern the member `userId` themselves (SQL condition; the id is an
   * integer): a driver's own record, their leave, their checks. Those rows stay visible to
   * a member limited to vehicle groups, and the personal fields of the member's own
   * record are theirs to read without the HR right (`withOwnPersonalData`).
   */
  ownedBy?: (userId: number) => string
  /** Absent for read-only resources. */
  write?: ResourceWrite
  /** Spreadsheet import of the table; `false`: none (read-only resources have none). */
  import?: ResourceImportOptions | false
}

/** The resource as the machinery uses it: everything derived once at boot. */
export interface ResourceDescriptor {
  key: string
  table: string
  fields: Record<string, FieldSpec>
  /** The read query, already scoped to the company. */
  query(client: QueryClientContract, context: ListContext): DatabaseQueryBuilderContract
  /** Table columns: every field, plus the label of each reference. */
  columns: Record<string, ColumnSpec>
  defaultFields: string[]
  defaultSort: { column: string; order: 'asc' | 'desc' }
  dateColumn?: string
  defaultRangeDays?: number
  deviceColumn?: string
  /** The driver column a member limited to vehicle groups is narrowed by (their drivers). */
  driverColumn?: string
  searchColumns?: string[]
  countCap?: number
  keyColumns?: string[]
  labelColumn: string
  /** The form, in order; empty for read-only resources. */
  form: FormFieldMeta[]
  /** Values of a new record. */
  defaults: Record<string, string>
  write?: ResourceWrite & {
    /** Validates input (in the request's language) into the columns to store. */
    validate(ctx: HttpContext, input: unknown, id: number | null): Promise<Record<string, unknown>>
    /** The model attributes a validated row sets. */
    attributes(values: Record<string, unknown>): Record<string, unknown>
  }
  /** Spreadsheet import as declared (app/crud/import/); absent: the defaults. */
  import?: ResourceImportOptions | false
  /** The file fields, each served at `<page>/:id/files/<field>` to the company's members. */
  fileFields: string[]
  /** Options of the reference fields, per company, by field name. */
  lookups(client: QueryClientContract, context: ListContext): Promise<Record<string, Lookup[]>>
  /** The same resource without its personal fields (itself when it has none). */
  withoutPersonalData: ResourceDescriptor
  /**
   * For a member without the HR right whose own record this resource holds (`ownedBy`): the
   * resource whose personal columns read only on the member's own rows (empty on every other
   * row, in the table, data, export, filters and sort alike); null when it has no owner.
   */
  withOwnPersonalData: ((userId: number) => ResourceDescriptor) | null
  /** Whether `userId` owns a record of the company here (null: the resource has no owner). */
  ownsRecord:
    ((client: QueryClientContract, companyId: number, userId: number) => Promise<boolean>) | null
}
