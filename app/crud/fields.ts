import type { FieldSpec, FormOptions } from './resource.js'

/**
 * Field shorthands for `defineResource`. Each field is sortable and filterable
 * unless said otherwise; passing `form` (even `{}`) makes it a field of the form,
 * written through the resource's model.
 */
interface Options {
  sortable?: boolean
  filterable?: boolean
  form?: FormOptions
  /** The stored column when it differs from the field name. */
  column?: string
}

function spec(kind: FieldSpec['kind'], sql: string, options: Options = {}): FieldSpec {
  return {
    sql,
    kind,
    sortable: options.sortable ?? true,
    filterable: options.filterable ?? true,
    column: options.column,
    form: options.form,
  }
}

export const text = (sql: string, options?: Options) => spec('text', sql, options)
export const number = (sql: string, options?: Options) => spec('number', sql, options)
export const date = (sql: string, options?: Options) => spec('date', sql, options)
export const datetime = (sql: string, options?: Options) => spec('datetime', sql, options)
export const boolean = (sql: string, options?: Options) => spec('boolean', sql, options)

/**
 * An amount computed in units (a sum, a ratio), read-only: money like `money()`, a number in
 * JSON and exports; its currency is the resource's `currency` field, as for stored amounts.
 */
export const amount = (sql: string, options?: Options) => spec('money', `(${sql})::float8`, options)

/** One of a list of values (declared once in app/shared). */
export const enumOf = (sql: string, values: readonly string[], options?: Options): FieldSpec => ({
  ...spec('enum', sql, options),
  values,
})

/**
 * Money kept in integer cents in `column`, read and entered in units:
 * `money('purchase_price_cents', 'inventory_items')`.
 */
export const money = (column: string, table: string, options?: Omit<Options, 'column'>) =>
  // float8: a number on the page, in JSON and in exports (numeric reads as a 16-decimal text).
  spec('money', `(${table}.${column}::float8 / 100)`, { ...options, column })

/**
 * The id of another company table. The table also gets the referenced row's
 * label as a column of its own (`driver_id` brings `driver`), and the form a
 * select of the company's rows.
 */
export function reference(
  sql: string,
  target: { table: string; label?: string; as?: string },
  options?: Options
): FieldSpec & { lookup: NonNullable<FieldSpec['lookup']> } {
  const name = sql.slice(sql.lastIndexOf('.') + 1)
  return {
    ...spec('reference', sql, options),
    lookup: {
      table: target.table,
      label: target.label ?? 'name',
      as: target.as ?? name.replace(/_id$/, ''),
    },
  }
}

/**
 * A file kept on the drive disk (config/drive.ts); `column` holds its key. Uploaded through
 * the form, checked for type and size, served only to the owning company's members.
 */
export const file = (
  sql: string,
  upload: { extnames: readonly string[]; size: string },
  options?: Options
): FieldSpec => ({
  // The table, its filters and exports read the file's name (the key's last part).
  ...spec('file', `regexp_replace(${sql}, '^.*/', '')`, { sortable: false, ...options }),
  upload,
})

/**
 * A member of the company (a user account, e.g. the driver who signs in): a reference to
 * `users` whose choices, label and validation go through the company's `team_members`, so
 * another company's users are neither listed, shown nor accepted.
 */
export function member(
  sql: string,
  options?: Options
): FieldSpec & { lookup: NonNullable<FieldSpec['lookup']> } {
  const field = reference(sql, { table: 'users', label: 'full_name', as: 'member' }, options)
  return { ...field, lookup: { ...field.lookup, members: true } }
}
