import db from '@adonisjs/lucid/services/db'
import type { ResourceDescriptor } from './resource.js'
import { hasColumn, perPageSizes } from './list_params.js'

export interface TablePreferences {
  fields: string[]
  perPage: number | null
}

/** Columns of the resource only (own keys: `constructor` is no column), each once. */
function knownFields(resource: ResourceDescriptor, fields: unknown): string[] {
  if (!Array.isArray(fields)) return []
  const known = fields.filter(
    (field): field is string => typeof field === 'string' && hasColumn(resource, field)
  )
  return [...new Set(known)]
}

/** One of the offered page sizes, or none. */
function knownPerPage(perPage: unknown): number | null {
  const value = Number(perPage)
  return perPageSizes.includes(value as (typeof perPageSizes)[number]) ? value : null
}

/**
 * What the preferences endpoint may store: the columns of the table and one of
 * its page sizes; anything else is left out, so a saved choice can never make
 * the table unusable.
 */
export function preferencesInput(
  resource: ResourceDescriptor,
  fields: unknown,
  perPage: unknown
): TablePreferences {
  const list = typeof fields === 'string' ? fields.split(',').map((field) => field.trim()) : []
  return { fields: knownFields(resource, list), perPage: knownPerPage(perPage) }
}

/**
 * Whether a preferences request is of the kinds the table sends: `fields` a text (possibly
 * empty: the default columns, never missing), `perPage` one of the offered sizes or nothing. Anything else
 * (a number for the fields, an object, a page size never offered) is refused with 422
 * rather than stored as a reset.
 */
export function preferencesAcceptable(fields: unknown, perPage: unknown): boolean {
  if (typeof fields !== 'string' || fields.length > 10_000) return false
  if (perPage === undefined || perPage === null || perPage === '') return true
  return knownPerPage(perPage) !== null
}

/**
 * The columns and page size a user chose for a table. A choice saved before
 * these checks (an `Object.prototype` key, a page size not offered) is read as
 * if it were not there, so the table works without a reset.
 */
export async function readPreferences(
  userId: number,
  resource: ResourceDescriptor
): Promise<TablePreferences> {
  const row = await db
    .from('table_preferences')
    .where('user_id', userId)
    .where('table_key', resource.key)
    .first()
  if (!row) return { fields: [], perPage: null }
  return { fields: knownFields(resource, row.fields), perPage: knownPerPage(row.per_page) }
}

export async function savePreferences(
  userId: number,
  resource: ResourceDescriptor,
  fields: string[],
  perPage: number | null
) {
  await db
    .table('table_preferences')
    .insert({
      user_id: userId,
      table_key: resource.key,
      fields: JSON.stringify(fields),
      per_page: perPage,
      updated_at: new Date(),
    })
    .onConflict(['user_id', 'table_key'])
    .merge()
}
