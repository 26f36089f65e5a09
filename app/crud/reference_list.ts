import type { LucidModel } from '@adonisjs/lucid/types/model'
import { defineResource } from './define_resource.js'
import { datetime, number, text } from './fields.js'
import type { FieldSpec } from './resource.js'

/**
 * A company's reference list (regions, departments, expense categories...): a
 * name unique in the company, a description, any fields of its own, and, when
 * vehicles point to it, how many do.
 */
export function defineReferenceList(options: {
  key: string
  table: string
  model: LucidModel
  /** Fields between the name and the description. */
  fields?: Record<string, FieldSpec>
  /** The devices column that points to this list, for a vehicle count. */
  devicesColumn?: string
  defaultFields?: string[]
}) {
  const { key, table, devicesColumn } = options
  const extra = options.fields ?? {}
  return defineResource({
    key,
    table,
    extend: devicesColumn
      ? (query, { companyId }) =>
          query.joinRaw(
            `LEFT JOIN (SELECT ?? AS ref_id, count(*)::int AS vehicles FROM devices
               WHERE company_id = ? AND ?? IS NOT NULL GROUP BY ??) c ON c.ref_id = ??`,
            [devicesColumn, companyId, devicesColumn, devicesColumn, `${table}.id`]
          )
      : undefined,
    fields: {
      name: text(`${table}.name`, { form: { required: true, unique: true, wide: true } }),
      ...extra,
      description: text(`${table}.description`, { form: { multiline: true } }),
      ...(devicesColumn ? { vehicles: number('coalesce(c.vehicles, 0)') } : {}),
      created_at: datetime(`${table}.created_at`),
    },
    defaultFields: options.defaultFields ?? [
      'name',
      'description',
      ...(devicesColumn ? ['vehicles'] : []),
    ],
    dateColumn: 'created_at',
    searchColumns: ['name'],
    write: { ability: 'manageFleet', model: options.model },
  })
}
