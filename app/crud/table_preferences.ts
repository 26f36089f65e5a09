import db from '@adonisjs/lucid/services/db'
import type { ResourceDescriptor } from './resource.js'

export interface TablePreferences {
  fields: string[]
  perPage: number | null
}

/** The columns and page size a user chose for a table; unknown columns are dropped. */
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
  const fields = (row.fields as string[]).filter((field) => resource.columns[field])
  return { fields, perPage: row.per_page }
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
