import { MAX_RECORD_ID } from '#shared/record_id'
import vine from '@vinejs/vine'
import type { FieldContext, SchemaTypes } from '@vinejs/vine/types'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { FieldSpec, FormOptions } from './resource.js'
import { choosableSql } from '#abilities/vehicle_scope'

const DATE_FORMATS = ['YYYY-MM-DD', 'x']

/** `company_id` of the request and the record being edited reach the rules as meta. */
function sameCompany(query: DatabaseQueryBuilderContract, field: FieldContext) {
  query.where('company_id', field.meta.companyId)
}

function textSchema(table: string, column: string, form: FormOptions) {
  let schema = vine
    .string()
    .trim()
    .maxLength(form.max ?? (form.multiline ? 2000 : 200))
  if (form.required) schema = schema.minLength(1)
  if (form.pattern) schema = schema.regex(form.pattern)
  if (form.email) schema = schema.email()
  if (form.unique) {
    const scoped = form.unique !== 'global'
    schema = schema.unique({
      table,
      column,
      filter: (query, _value, field) => {
        if (scoped) sameCompany(query, field)
        if (field.meta.id) query.whereNot('id', field.meta.id)
      },
    })
  }
  return schema
}

function numberSchema(field: FieldSpec, form: FormOptions) {
  let schema = vine.number()
  if (form.integer) schema = schema.withoutDecimals()
  const min = form.min ?? (field.kind === 'money' ? 0 : undefined)
  const max = form.max ?? (field.kind === 'money' ? 100_000_000 : undefined)
  if (min !== undefined && max !== undefined) schema = schema.range([min, max])
  else if (min !== undefined) schema = schema.min(min)
  else if (max !== undefined) schema = schema.max(max)
  return schema
}

function dateSchema(form: FormOptions) {
  let schema = vine.date({ formats: DATE_FORMATS })
  if (form.notAfterToday) schema = schema.beforeOrEqual('today')
  if (form.notBefore) schema = schema.afterOrSameAs(form.notBefore)
  return schema
}

/**
 * Options of a validator beyond the form's. `referencesResolved`: the references' ids were
 * found in the company already (an import matches names and plates in one query per table),
 * so they are checked as ids only, not looked up row by row.
 */
export interface ValidatorOptions {
  referencesResolved?: boolean
}

function referenceSchema(field: FieldSpec, options: ValidatorOptions = {}) {
  if (options.referencesResolved) return vine.number().withoutDecimals().range([1, MAX_RECORD_ID])
  return vine
    .number()
    .withoutDecimals()
    .range([1, MAX_RECORD_ID])
    .exists({
      table: field.lookup!.table,
      column: 'id',
      filter: (query, _value, context) => {
        if (!field.lookup!.members) {
          sameCompany(query, context)
          // A member limited to vehicle groups chooses only their vehicles and drivers.
          const scoped = choosableSql(
            field.lookup!.table,
            {
              companyId: context.meta.companyId,
              deviceGroupIds: context.meta.deviceGroupIds ?? null,
            },
            context.meta.userId ?? null
          )
          if (scoped) query.whereRaw(scoped.sql, scoped.bindings)
          return
        }
        // A user who is a member of this company, never another company's user.
        query.whereIn('id', (members) => {
          members.from('team_members').where('company_id', context.meta.companyId).select('user_id')
        })
      },
    })
}

/** The Vine schema of one form field, from its kind and form options. */
export function fieldSchema(
  table: string,
  name: string,
  field: FieldSpec,
  options: ValidatorOptions = {}
): SchemaTypes {
  const form = field.form ?? {}
  const column = field.column ?? name
  switch (field.kind) {
    case 'text': {
      const schema = textSchema(table, column, form)
      return form.required ? schema : schema.optional()
    }
    case 'number':
    case 'money': {
      const schema = numberSchema(field, form)
      return form.required ? schema : schema.optional()
    }
    case 'date':
    case 'datetime': {
      const schema = dateSchema(form)
      return form.required ? schema : schema.optional()
    }
    case 'enum': {
      const schema = vine.enum(field.values ?? [])
      return form.required ? schema : schema.optional()
    }
    case 'boolean':
      return vine.boolean().optional()
    case 'file': {
      const upload = field.upload!
      const schema = vine.file({ size: upload.size, extnames: [...upload.extnames] })
      return form.required ? schema : schema.optional()
    }
    case 'reference': {
      const schema = referenceSchema(field, options)
      if (form.required) return schema
      return form.requiredIfMissing
        ? schema.optional().requiredIfMissing(form.requiredIfMissing)
        : schema.optional()
    }
  }
}

/** The create and edit validator of a resource: one rule set per form field. */
export function resourceValidator(
  table: string,
  fields: Record<string, FieldSpec>,
  options: ValidatorOptions = {}
) {
  const properties: Record<string, SchemaTypes> = {}
  for (const [name, field] of Object.entries(fields)) {
    if (field.form) properties[name] = fieldSchema(table, name, field, options)
  }
  return vine.create(properties)
}

/** Validated input as stored columns: money in cents, booleans set, empty optionals NULL. */
export function storedValues(
  fields: Record<string, FieldSpec>,
  data: Record<string, unknown>
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(fields)) {
    if (!field.form) continue
    const value = data[name]
    const column = field.column ?? name
    // A file kept unless a new one was uploaded (its key, set by storeUploads).
    if (field.kind === 'file') {
      if (typeof value === 'string') values[column] = value
    } else if (field.kind === 'boolean') values[column] = value === true
    else if (field.kind === 'money')
      values[column] = typeof value === 'number' ? Math.round(value * 100) : null
    else values[column] = value ?? null
  }
  return values
}
