import vine from '@vinejs/vine'
import type { HttpContext } from '@adonisjs/core/http'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { SchemaTypes } from '@vinejs/vine/types'
import type { Lookup } from './resource.js'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'

/** The resource whose form a request writes, so its messages use that form's labels. */
export const formResourceKey = new WeakMap<HttpContext, string>()

/** A resource form: its Vine validator and the columns it writes. */
export function resourceForm<Properties extends Record<string, SchemaTypes>>(
  properties: Properties
) {
  return { validator: vine.create(properties), fields: Object.keys(properties) }
}

/**
 * Validates a form in the request's language, with the meta the rules need (the
 * record being edited, the company its references must belong to). Optional
 * fields left empty are stored as NULL.
 */
export async function validateForm(
  form: ReturnType<typeof resourceForm>,
  ctx: HttpContext,
  input: unknown,
  id: number | null
): Promise<Record<string, unknown>> {
  const data = (await form.validator.validate(input, {
    meta: { id, companyId: ctx.company!.id },
    messagesProvider: new FieldLabelMessagesProvider(ctx.i18n, formResourceKey.get(ctx) ?? null),
  })) as Record<string, unknown>
  return Object.fromEntries(form.fields.map((field) => [field, data[field] ?? null]))
}

/** id/name options of company tables, for the reference fields of a form. */
export async function companyLookups(
  client: QueryClientContract,
  companyId: number,
  tables: Record<string, string>
): Promise<Record<string, Lookup[]>> {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const rows = await client
        .from(table)
        .where('company_id', companyId)
        .select('id', 'name')
        .orderBy('name')
      return [name, rows as Lookup[]] as const
    })
  )
  return Object.fromEntries(entries)
}
