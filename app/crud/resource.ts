import type { HttpContext } from '@adonisjs/core/http'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { TeamRole } from '#enums/team_role'

/**
 * The one resource machinery. A resource describes a company table once: how to
 * read it (a query and its whitelisted columns), how to write it (validators and
 * the row they produce), and who may change it. One list query, one export, one
 * controller and one client table serve every resource described this way.
 */
export type ColumnKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'enum'

export interface ColumnSpec {
  /** SQL expression the column reads (qualified), e.g. `devices.name` or `s.speed`. */
  sql: string
  kind: ColumnKind
  sortable?: boolean
  filterable?: boolean
  enumValues?: readonly string[]
}

export interface ListContext {
  companyId: number
}

export interface Lookup {
  id: number
  name: string
}

export interface ResourceDescriptor {
  /** Stable key: i18n namespace entry, table preferences, client registry. */
  key: string
  /** The table written to. */
  table: string
  /** The read query, already scoped to the company (joins for live values are fine). */
  query(client: QueryClientContract, context: ListContext): DatabaseQueryBuilderContract
  columns: Record<string, ColumnSpec>
  /** Columns shown when the user has not chosen. */
  defaultFields: string[]
  defaultSort: { column: string; order: 'asc' | 'desc' }
  /** The date column `from`/`to` apply to. */
  dateColumn?: string
  /** When set, `from`/`to` default to the last `days` days (large tables). */
  defaultRangeDays?: number
  /** The device column `deviceId` applies to. */
  deviceColumn?: string
  /** Columns `q` searches with ILIKE (plate, IMEI, name...). */
  searchColumns?: string[]
  /** Counting stops here: beyond it the total is reported as "more than". */
  countCap?: number
  /** What a row is called in messages (delete confirmation). */
  labelColumn: string
  /** Writes; absent for read-only resources. */
  write?: {
    /** Role needed to create, edit and delete. */
    role: TeamRole
    /** Validates input into the columns to store (without company_id). */
    validate(ctx: HttpContext, input: unknown, id: number | null): Promise<Record<string, unknown>>
    /** After a write (e.g. tell the tracker listener). */
    afterWrite?(client: QueryClientContract, row: Record<string, unknown>): Promise<void>
  }
  /** Options for reference fields of the form, per company. */
  lookups?(client: QueryClientContract, context: ListContext): Promise<Record<string, Lookup[]>>
}

export function defineResource(descriptor: ResourceDescriptor): ResourceDescriptor {
  for (const field of descriptor.defaultFields) {
    if (!descriptor.columns[field])
      throw new Error(`${descriptor.key}: unknown default field ${field}`)
  }
  if (!descriptor.columns[descriptor.defaultSort.column]) {
    throw new Error(`${descriptor.key}: unknown default sort ${descriptor.defaultSort.column}`)
  }
  return descriptor
}
