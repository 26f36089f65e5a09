import type { HttpContext } from '@adonisjs/core/http'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { errors as vineErrors } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import type { FieldSpec, ResourceDescriptor } from '../resource.js'
import { resourceValidator, storedValues } from '../resource_validator.js'
import { enumReader, matchKey, parseBoolean, parseDate, parseNumber } from './cells.js'
import type { MappableField, Mapping } from './mapping.js'
import type { Sheet } from './sheet.js'

/** The most data rows one import takes (more is refused whole with a 422). */
export const MAX_IMPORT_ROWS = 10_000
/** The largest file accepted. */
export const MAX_IMPORT_SIZE = '10mb'
/** The row errors a dry run lists (the counts cover them all). */
export const LISTED_ERRORS = 1000

/** A field the import writes: a form field that is not a file nor excluded. */
export interface ImportField extends MappableField {
  field: FieldSpec
  /** A column is needed: the field is required and has no default to fall back on. */
  needsColumn: boolean
}

/** One problem of one row: its number in the sheet, the column as headed, the message. */
export interface RowError {
  row: number
  field: string
  column: string
  message: string
}

export interface CheckedImport {
  total: number
  /** Rows with no error. */
  valid: number
  rowsWithErrors: number
  errorCount: number
  /** The first LISTED_ERRORS errors, in row order. */
  errors: RowError[]
  /** Labels of the fields that need a column and have none (no row is checked then). */
  missing: string[]
  /** The values to store of every row, when no row has an error. */
  values: Record<string, unknown>[]
}

const fieldLabelKey = (resource: ResourceDescriptor, name: string) =>
  `crud.${resource.key}.fields.${name}`

/** The field's label in each language (the table's column headers). */
function labelsOf(key: string): string[] {
  return ['en', 'tr']
    .map((locale) => i18nManager.locale(locale))
    .filter((i18n) => i18n.hasMessage(key))
    .map((i18n) => i18n.t(key))
}

/** A default a row may fall back on when the sheet has no column for it ('today' is none). */
function usableDefault(field: FieldSpec) {
  const value = field.form?.default
  return value !== undefined && value !== 'today' ? value : undefined
}

/** The fields an import of the resource writes, in form order; none when it does not import. */
export function importFieldsOf(resource: ResourceDescriptor): ImportField[] {
  return importedEntries(resource).map(([name, field]) => ({
    name,
    field,
    needsColumn: Boolean(field.form!.required) && usableDefault(field) === undefined,
    aliases: [
      ...labelsOf(fieldLabelKey(resource, name)),
      name,
      name.replace(/_id$/, ''),
      ...(field.lookup
        ? [field.lookup.as, ...labelsOf(fieldLabelKey(resource, field.lookup.as))]
        : []),
    ],
  }))
}

/** The form fields an import writes (no labels read: usable while routes are registered). */
function importedEntries(resource: ResourceDescriptor): [string, FieldSpec][] {
  if (!resource.write || resource.import === false) return []
  const exclude = resource.import?.exclude ?? []
  return Object.entries(resource.fields).filter(
    ([name, field]) => field.form && field.kind !== 'file' && !exclude.includes(name)
  )
}

/** Whether the resource's table offers an import. */
export function importable(resource: ResourceDescriptor) {
  return importedEntries(resource).length > 0
}

/** The columns of the referenced table a cell is matched against. */
export function matchColumnsOf(resource: ResourceDescriptor, name: string, field: FieldSpec) {
  const declared = resource.import ? resource.import.matchBy?.[name] : undefined
  if (declared) return declared
  const lookup = field.lookup!
  if (lookup.members) return ['full_name', 'email']
  if (lookup.table === 'devices') return ['plate', 'name', 'imei']
  return [lookup.label]
}

/**
 * The company's rows of a referenced table by matching key (name, plate...): one query per
 * reference field, whatever the number of rows. Another company's rows are never read.
 */
async function referenceIndex(
  client: QueryClientContract,
  companyId: number,
  columns: string[],
  field: FieldSpec
): Promise<Map<string, Set<number>>> {
  const lookup = field.lookup!
  const rows: Record<string, unknown>[] = lookup.members
    ? await client
        .from('users')
        .join('team_members', 'team_members.user_id', 'users.id')
        .where('team_members.company_id', companyId)
        .select('users.id', ...columns.map((column) => `users.${column}`))
    : await client
        .from(lookup.table)
        .where('company_id', companyId)
        .select('id', ...columns)
  const index = new Map<string, Set<number>>()
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column]
      if (value === null || value === undefined || value === '') continue
      const key = matchKey(String(value))
      if (!index.has(key)) index.set(key, new Set())
      index.get(key)!.add(Number(row.id))
    }
  }
  return index
}

/** The create validator with references checked as ids (they are resolved in the company). */
const validators = new WeakMap<ResourceDescriptor, ReturnType<typeof resourceValidator>>()
function importValidator(resource: ResourceDescriptor) {
  let validator = validators.get(resource)
  if (!validator) {
    validator = resourceValidator(resource.table, resource.fields, { referencesResolved: true })
    validators.set(resource, validator)
  }
  return validator
}

/**
 * Checks every row of a sheet as the create form would (the resource's validator, its
 * policy check, company-scoped references matched by name or plate), in the request's
 * language, and answers the values to store when no row has an error.
 */
export async function checkImport(
  ctx: HttpContext,
  resource: ResourceDescriptor,
  sheet: Sheet,
  mapping: Mapping
): Promise<CheckedImport> {
  const write = resource.write!
  const { i18n } = ctx
  const companyId = ctx.company!.id
  const fields = importFieldsOf(resource)
  const label = (name: string) => {
    const key = fieldLabelKey(resource, name)
    return i18n.hasMessage(key) || i18n.hasFallbackMessage(key) ? i18n.t(key) : name
  }
  const result: CheckedImport = {
    total: sheet.rows.length,
    valid: 0,
    rowsWithErrors: 0,
    errorCount: 0,
    errors: [],
    missing: fields
      .filter((field) => field.needsColumn && mapping[field.name] === null)
      .map((field) => label(field.name)),
    values: [],
  }
  if (result.missing.length > 0) return result

  const mapped = fields.filter((field) => mapping[field.name] !== null)
  const unmappedDefaults: Record<string, string> = {}
  for (const field of fields) {
    const fallback = usableDefault(field.field)
    if (mapping[field.name] === null && fallback !== undefined)
      unmappedDefaults[field.name] = fallback
  }
  const references = new Map<string, Map<string, Set<number>>>()
  for (const { name, field } of mapped) {
    if (field.kind !== 'reference') continue
    const columns = matchColumnsOf(resource, name, field)
    references.set(name, await referenceIndex(db.connection(), companyId, columns, field))
  }
  const enums = new Map<string, (text: string) => string | null>()
  for (const { name, field } of mapped) {
    if (field.kind !== 'enum') continue
    const labels = (value: string) => labelsOf(`crud.${resource.key}.values.${name}.${value}`)
    enums.set(name, enumReader(field.values ?? [], labels))
  }
  const seen = new Map<string, Map<string, number>>()
  const validator = importValidator(resource)
  const messages = new FieldLabelMessagesProvider(i18n, resource.key)
  const column = (name: string) => {
    const index = mapping[name]
    return index === null || index === undefined ? label(name) : sheet.headers[index] || label(name)
  }

  for (const row of sheet.rows) {
    const input: Record<string, unknown> = { ...unmappedDefaults }
    const errors: RowError[] = []
    const fail = (name: string, message: string) =>
      errors.push({ row: row.number, field: name, column: column(name), message })
    for (const { name, field } of mapped) {
      const text = row.cells[mapping[name]!] ?? ''
      if (text === '') {
        // An empty cell takes the value a new record starts with (currency TRY), as the form.
        const fallback = usableDefault(field)
        if (fallback !== undefined) input[name] = fallback
        continue
      }
      switch (field.kind) {
        case 'number':
        case 'money':
          input[name] = parseNumber(text) ?? text
          break
        case 'date':
        case 'datetime':
          input[name] = parseDate(text) ?? text
          break
        case 'boolean':
          input[name] = parseBoolean(text) ?? text
          break
        case 'enum':
          input[name] = enums.get(name)!(text) ?? text
          break
        case 'reference': {
          const ids = references.get(name)!.get(matchKey(text))
          if (!ids) {
            fail(name, i18n.t('crud.import.errors.not_found', { field: label(name), value: text }))
          } else if (ids.size > 1) {
            fail(
              name,
              i18n.t('crud.import.errors.ambiguous', {
                field: label(name),
                value: text,
                count: ids.size,
              })
            )
          } else input[name] = [...ids][0]
          break
        }
        default:
          input[name] = text
      }
      // A value that must be unique in the company must be so in the file as well.
      if (field.kind === 'text' && field.form?.unique) {
        const values = seen.get(name) ?? new Map<string, number>()
        seen.set(name, values)
        const key = matchKey(text)
        const first = values.get(key)
        if (first !== undefined) {
          fail(name, i18n.t('crud.import.errors.duplicate', { field: label(name), row: first }))
        } else values.set(key, row.number)
      }
    }
    let data: Record<string, unknown> | null = null
    try {
      data = (await validator.validate(input, {
        meta: { id: null, companyId },
        messagesProvider: messages,
      })) as Record<string, unknown>
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      const failed = new Set(errors.map((entry) => entry.field))
      for (const issue of error.messages as { field: string; message: string }[]) {
        // A reference not found is said once, not again as "required".
        if (!failed.has(issue.field)) fail(issue.field, issue.message)
      }
    }
    if (data && errors.length === 0) {
      const stored = storedValues(resource.fields, data)
      const refusal = await write.check?.(ctx, stored, null)
      if (refusal) fail(refusal.field, refusal.message)
      else {
        const values = { ...stored, ...write.fill?.(ctx, null) }
        result.values.push(write.prepare ? write.prepare(values) : values)
      }
    }
    if (errors.length > 0) {
      result.rowsWithErrors++
      result.errorCount += errors.length
      const room = LISTED_ERRORS - result.errors.length
      if (room > 0) result.errors.push(...errors.slice(0, room))
    } else result.valid++
  }
  if (result.rowsWithErrors > 0) result.values = []
  return result
}

/** Stored values as the database takes them in a multi-row insert (calendar dates as text). */
function insertValues(resource: ResourceDescriptor, values: Record<string, unknown>) {
  const row = { ...values }
  for (const [name, field] of Object.entries(resource.fields)) {
    const column = field.column ?? name
    const value = row[column]
    if (field.kind === 'date' && value instanceof Date) {
      row[column] = DateTime.fromJSDate(value).toISODate()
    }
  }
  return row
}

/**
 * Writes the checked rows of an import, all or nothing, in one transaction: multi-row
 * inserts in batches, or one record at a time through the model when the resource reacts
 * to each write (`afterWrite`). Answers the number of rows written.
 */
export async function writeImport(
  resource: ResourceDescriptor,
  companyId: number,
  rows: Record<string, unknown>[]
): Promise<number> {
  const write = resource.write!
  await db.transaction(async (trx) => {
    if (write.afterWrite) {
      for (const values of rows) {
        const record = new write.model()
        record.useTransaction(trx)
        record.merge({ ...write.attributes(values), companyId })
        await record.save()
        await write.afterWrite(trx, record.$attributes)
      }
      return
    }
    const described = await trx
      .from('information_schema.columns')
      .where('table_schema', trx.raw('current_schema()'))
      .where('table_name', resource.table)
      .select('column_name')
    const columns = new Set(described.map((row: { column_name: string }) => row.column_name))
    const now = new Date()
    const stamps = {
      ...(columns.has('created_at') ? { created_at: now } : {}),
      ...(columns.has('updated_at') ? { updated_at: now } : {}),
    }
    const prepared = rows.map((values) => ({
      ...insertValues(resource, values),
      company_id: companyId,
      ...stamps,
    }))
    // PostgreSQL takes at most 65,535 parameters a statement.
    const width = Math.max(1, Object.keys(prepared[0] ?? {}).length)
    const batch = Math.max(1, Math.floor(30_000 / width))
    for (let start = 0; start < prepared.length; start += batch) {
      await trx
        .insertQuery()
        .table(resource.table)
        .multiInsert(prepared.slice(start, start + batch))
    }
  })
  return rows.length
}

/** The mapping a member last used on a table (`{ field: header }`), or none. */
export async function rememberedMapping(
  userId: number,
  resource: ResourceDescriptor
): Promise<Record<string, string>> {
  const row = await db
    .from('import_mappings')
    .where('user_id', userId)
    .where('table_key', resource.key)
    .first()
  const mapping = row?.mapping
  if (!mapping || typeof mapping !== 'object' || Array.isArray(mapping)) return {}
  return Object.fromEntries(
    Object.entries(mapping as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string'
    )
  )
}

export async function rememberMapping(
  userId: number,
  resource: ResourceDescriptor,
  mapping: Record<string, string>
) {
  await db
    .table('import_mappings')
    .insert({
      user_id: userId,
      table_key: resource.key,
      mapping: JSON.stringify(mapping),
      updated_at: new Date(),
    })
    .onConflict(['user_id', 'table_key'])
    .merge()
}
