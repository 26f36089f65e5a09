import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { errors as vineErrors } from '@vinejs/vine'
import { FieldLabelMessagesProvider } from '#services/field_label_messages'
import type { HttpContext } from '@adonisjs/core/http'
import type {
  ColumnKind,
  ColumnSpec,
  FieldSpec,
  FormFieldMeta,
  Lookup,
  ResourceDefinition,
  ResourceDescriptor,
} from './resource.js'
import { resourceValidator, storedValues } from './resource_validator.js'
import { number } from './fields.js'
import { storeUploads } from './files.js'
import {
  choosableSql,
  deviceGroupsOf,
  visibleDriversOnly,
  visibleVehiclesOnly,
} from '#abilities/vehicle_scope'
import { memberOf } from '#abilities/member'

function pick(source: Record<string, unknown>, names: string[]) {
  return Object.fromEntries(names.filter((name) => name in source).map((n) => [n, source[n]]))
}

const columnKinds: Record<FieldSpec['kind'], ColumnKind> = {
  text: 'text',
  number: 'number',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
  enum: 'enum',
  reference: 'number',
  money: 'number',
  file: 'text',
}

/** The alias a reference's table is joined under. */
const joinAlias = (labelField: string) => `ref_${labelField}`

/** The label of a reference, read from its joined table (a member: name, else e-mail). */
function labelSqlOf(lookup: NonNullable<FieldSpec['lookup']>) {
  const alias = joinAlias(lookup.as)
  return lookup.members
    ? `coalesce(${alias}.full_name, ${alias}.email::text)`
    : `${alias}.${lookup.label}`
}

/** Table columns: each field, and before each reference the label it points to. */
function columnsOf(fields: Record<string, FieldSpec>): Record<string, ColumnSpec> {
  const columns: Record<string, ColumnSpec> = {}
  for (const [name, field] of Object.entries(fields)) {
    if (field.lookup) {
      columns[field.lookup.as] = {
        sql: labelSqlOf(field.lookup),
        kind: 'text',
        sortable: field.sortable,
        filterable: field.filterable,
      }
    }
    columns[name] = {
      sql: field.sql,
      kind: columnKinds[field.kind],
      sortable: field.sortable,
      filterable: field.filterable,
      enumValues: field.values,
      ...(field.kind === 'money'
        ? { money: { currency: fields.currency?.kind === 'enum' ? 'currency' : null } }
        : {}),
    }
  }
  return columns
}

/** The form as the page draws it, in declaration order. */
function formOf(fields: Record<string, FieldSpec>): FormFieldMeta[] {
  return Object.entries(fields)
    .filter(([, field]) => field.form)
    .map(([name, field]) => {
      const form = field.form!
      return {
        name,
        kind: form.multiline ? 'textarea' : field.kind === 'datetime' ? 'date' : field.kind,
        required: Boolean(form.required),
        values: field.values ? [...field.values] : null,
        wide: Boolean(form.wide || form.multiline),
        step: form.step ?? (field.kind === 'money' ? '0.01' : null),
        accept: field.upload ? field.upload.extnames.map((ext) => `.${ext}`).join(',') : null,
      }
    })
}

function defaultsOf(fields: Record<string, FieldSpec>): Record<string, string> {
  const defaults: Record<string, string> = {}
  for (const [name, field] of Object.entries(fields)) {
    const value = field.form?.default
    if (value === undefined) continue
    defaults[name] =
      value === 'today' && field.kind === 'date' ? DateTime.now().toISODate()! : value
  }
  return defaults
}

/**
 * Declares a resource once and derives the rest: columns and filters, the read
 * query with the references' joins, the validator, the form, the defaults of a
 * new record, the reference options and the model attributes a write sets.
 */
export function defineResource(definition: ResourceDefinition): ResourceDescriptor {
  const personal = definition.personalFields ?? []
  const full = describe(definition)
  full.withoutPersonalData = full
  if (personal.length === 0) return full
  const keep = (name: string) => !personal.includes(name)
  const restricted = describe({
    ...definition,
    fields: Object.fromEntries(Object.entries(definition.fields).filter(([name]) => keep(name))),
    defaultFields: definition.defaultFields.filter(keep),
    searchColumns: definition.searchColumns?.filter(keep),
  })
  restricted.withoutPersonalData = restricted
  full.withoutPersonalData = restricted
  const ownedBy = definition.ownedBy
  if (ownedBy) {
    const ownOnly = (userId: number): ResourceDescriptor => {
      if (!Number.isSafeInteger(userId)) throw new Error(`${definition.key}: bad member id`)
      const columns = Object.fromEntries(
        Object.entries(full.columns).map(([name, column]) => [
          name,
          personal.includes(name)
            ? { ...column, sql: `(CASE WHEN ${ownedBy(userId)} THEN ${column.sql} END)` }
            : column,
        ])
      )
      // The form and the writes stay those without personal data; only reading changes.
      return { ...restricted, columns, withoutPersonalData: restricted }
    }
    full.withOwnPersonalData = ownOnly
    restricted.withOwnPersonalData = ownOnly
  }
  return full
}

/** One descriptor of a definition (`withoutPersonalData` is set by `defineResource`). */
function describe(definition: ResourceDefinition): ResourceDescriptor {
  const { key, table } = definition
  // Every company table has an id; a resource declares it only when it reads otherwise.
  const fields: Record<string, FieldSpec> = { id: number(`${table}.id`), ...definition.fields }
  const columns = columnsOf(fields)
  const labelColumn = definition.labelColumn ?? 'name'
  const defaultSort = definition.defaultSort ?? { column: labelColumn, order: 'asc' as const }
  const check = (what: string, column: string | undefined) => {
    if (column !== undefined && !columns[column])
      throw new Error(`${key}: unknown ${what} ${column}`)
  }
  for (const field of definition.defaultFields) check('default field', field)
  for (const field of definition.searchColumns ?? []) check('search column', field)
  check('default sort', defaultSort.column)
  check('date column', definition.dateColumn)
  check('device column', definition.deviceColumn)
  check('driver column', definition.driverColumn)
  check('label column', labelColumn)

  const references = Object.values(fields).filter((field) => field.lookup)
  const fileFields = Object.keys(fields).filter((name) => fields[name].kind === 'file')
  const validator = definition.write ? resourceValidator(table, fields) : null

  return {
    key,
    table,
    fields,
    columns,
    labelColumn,
    defaultSort,
    defaultFields: definition.defaultFields,
    dateColumn: definition.dateColumn,
    defaultRangeDays: definition.defaultRangeDays,
    deviceColumn: definition.deviceColumn,
    driverColumn: definition.driverColumn,
    searchColumns: definition.searchColumns,
    countCap: definition.countCap,
    keyColumns: definition.keyColumns,
    form: definition.write ? formOf(fields) : [],
    defaults: defaultsOf(fields),
    import: definition.import,
    fileFields,
    withoutPersonalData: undefined as unknown as ResourceDescriptor,
    withOwnPersonalData: null,
    ownsRecord: definition.ownedBy
      ? async (client, companyId, userId) => {
          if (!Number.isSafeInteger(userId)) return false
          const row = await client
            .from(table)
            .where(`${table}.company_id`, companyId)
            .whereRaw(definition.ownedBy!(userId))
            .first()
          return Boolean(row)
        }
      : null,

    query(client, context) {
      const query = definition.query
        ? definition.query(client, context)
        : client.from(table).where(`${table}.company_id`, context.companyId)
      if (!definition.query) {
        for (const field of references) {
          const alias = joinAlias(field.lookup!.as)
          if (field.lookup!.members) {
            // Only a member of the record's company is shown (not a user who left it).
            query.joinRaw(
              `LEFT JOIN users AS ${alias} ON ${alias}.id = ${field.sql} AND EXISTS (SELECT 1
                 FROM team_members WHERE team_members.user_id = ${alias}.id
                 AND team_members.company_id = ${table}.company_id)`
            )
          } else {
            query.leftJoin(`${field.lookup!.table} as ${alias}`, `${alias}.id`, field.sql)
          }
        }
        definition.extend?.(query, context)
      }
      // A member limited to vehicle groups reads only the rows of those vehicles, and the
      // rows that concern themselves (their own driver record, leave, checks).
      if (definition.deviceColumn) {
        const scope = {
          companyId: context.companyId,
          deviceGroupIds: context.deviceGroupIds ?? null,
        }
        const deviceSql = columns[definition.deviceColumn].sql
        const userId = context.userId
        if (definition.ownedBy && scope.deviceGroupIds && Number.isSafeInteger(userId)) {
          query.where((visible) => {
            visibleVehiclesOnly(visible, deviceSql, scope)
            visible.orWhereRaw(definition.ownedBy!(userId!))
          })
        } else {
          visibleVehiclesOnly(query, deviceSql, scope)
        }
      } else if (definition.driverColumn) {
        const scope = {
          companyId: context.companyId,
          deviceGroupIds: context.deviceGroupIds ?? null,
        }
        const driverSql = columns[definition.driverColumn].sql
        const userId = context.userId
        if (definition.ownedBy && scope.deviceGroupIds && Number.isSafeInteger(userId)) {
          query.where((visible) => {
            visibleDriversOnly(visible, driverSql, scope)
            visible.orWhereRaw(definition.ownedBy!(userId!))
          })
        } else {
          visibleDriversOnly(query, driverSql, scope)
        }
      }
      return query
    },

    write: definition.write && {
      ...definition.write,
      async validate(ctx: HttpContext, input: unknown, id: number | null) {
        // Uploaded files are not part of the body's fields: they join the input here.
        const withFiles =
          fileFields.length > 0 && input && typeof input === 'object'
            ? { ...input, ...pick(ctx.request.allFiles(), fileFields) }
            : input
        const data = (await validator!.validate(withFiles, {
          meta: {
            id,
            companyId: ctx.company!.id,
            // Choices of vehicles and drivers are the member's own (vehicle_scope.ts).
            deviceGroupIds: deviceGroupsOf(await memberOf(ctx)),
            userId: ctx.auth.user?.id ?? null,
          },
          messagesProvider: new FieldLabelMessagesProvider(ctx.i18n, definition.key),
        })) as Record<string, unknown>
        const refusal = await definition.write!.check?.(ctx, storedValues(fields, data), id)
        if (refusal) throw new vineErrors.E_VALIDATION_ERROR([{ ...refusal, rule: 'policy' }])
        await storeUploads(ctx, table, fileFields, data)
        const values = { ...storedValues(fields, data), ...definition.write!.fill?.(ctx, id) }
        return definition.write!.prepare ? definition.write!.prepare(values) : values
      },
      attributes(values) {
        const model = definition.write!.model
        model.boot()
        return Object.fromEntries(
          Object.entries(values).map(([column, value]) => [
            model.$keys.columnsToAttributes.get(column) ?? column,
            value instanceof Date ? DateTime.fromJSDate(value) : value,
          ])
        )
      },
    },

    async lookups(client, context) {
      const entries = await Promise.all(
        Object.entries(fields)
          .filter(([, field]) => field.lookup && field.form)
          .map(async ([name, field]) => {
            if (field.lookup!.members) {
              return [name, await companyMembers(client, context.companyId)] as const
            }
            const rows = client
              .from(field.lookup!.table)
              .where('company_id', context.companyId)
              .select('id', `${field.lookup!.label} as name`)
              .orderBy(field.lookup!.label)
            const scoped = choosableSql(
              field.lookup!.table,
              { companyId: context.companyId, deviceGroupIds: context.deviceGroupIds ?? null },
              context.userId ?? null
            )
            if (scoped) rows.whereRaw(scoped.sql, scoped.bindings)
            return [name, (await rows) as Lookup[]] as const
          })
      )
      return Object.fromEntries(entries)
    },
  }
}

/** The company's members as choices of a member field (users through team_members). */
async function companyMembers(client: QueryClientContract, companyId: number): Promise<Lookup[]> {
  const label = 'coalesce(users.full_name, users.email::text)'
  const rows = await client
    .from('users')
    .join('team_members', 'team_members.user_id', 'users.id')
    .where('team_members.company_id', companyId)
    .select('users.id', client.raw(`${label} as name`))
    .orderByRaw(`${label}, users.id`)
  return rows as Lookup[]
}

/** Every i18n key a resource's page, form and export read (crud.json). */
export function i18nKeys(resource: ResourceDescriptor): string[] {
  const keys = [`crud.${resource.key}.title`]
  for (const [name, column] of Object.entries(resource.columns)) {
    keys.push(`crud.${resource.key}.fields.${name}`)
    for (const value of column.enumValues ?? [])
      keys.push(`crud.${resource.key}.values.${name}.${value}`)
  }
  return keys
}

/** The columns an export writes: the chosen fields (or the defaults), with their label keys. */
export function exportColumns(resource: ResourceDescriptor, fields: string[]) {
  return (fields.length > 0 ? fields : resource.defaultFields)
    .filter((field) => resource.columns[field])
    .map((field) => ({
      name: field,
      labelKey: `crud.${resource.key}.fields.${field}`,
      kind: resource.columns[field].kind,
    }))
}
