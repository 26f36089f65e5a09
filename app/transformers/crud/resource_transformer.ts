import { BaseTransformer } from '@adonisjs/core/transformers'
import { DateTime } from 'luxon'
import type { LucidModel, LucidRow } from '@adonisjs/lucid/types/model'
import type { ResourceDescriptor } from '#crud/resource'
import { uploadName } from '#shared/uploads'
import { importable } from '#crud/import/resource_import'

/**
 * What the page learns about a resource: its columns, its form and what the user may do.
 * The resource pages' type is generated from this class (`Data.Crud.Resource`).
 */
export default class ResourceTransformer extends BaseTransformer<ResourceDescriptor> {
  constructor(
    resource: ResourceDescriptor,
    private readonly canWrite: boolean,
    private readonly canCreate = canWrite
  ) {
    super(resource)
  }

  toObject() {
    const resource = this.resource
    const { canWrite, canCreate } = this
    return {
      key: resource.key,
      columns: Object.entries(resource.columns).map(([name, spec]) => ({
        name,
        kind: spec.kind,
        sortable: spec.sortable ?? false,
        filterable: spec.filterable ?? false,
        enumValues: spec.enumValues ? [...spec.enumValues] : null,
        money: spec.money ?? null,
      })),
      defaultFields: resource.defaultFields,
      defaultSort: resource.defaultSort,
      hasDateRange: Boolean(resource.dateColumn),
      defaultRangeDays: resource.dateColumn ? (resource.defaultRangeDays ?? null) : null,
      hasDeviceFilter: Boolean(resource.deviceColumn),
      hasSearch: Boolean(resource.searchColumns?.length),
      labelColumn: resource.labelColumn,
      dateColumn: resource.dateColumn ?? null,
      canWrite,
      canCreate,
      form: resource.form,
      defaults: resource.defaults,
      fileFields: resource.fileFields,
      importable: canCreate && importable(resource),
    }
  }
}

export function resourceForPage(
  resource: ResourceDescriptor,
  canWrite: boolean,
  canCreate = canWrite
) {
  return new ResourceTransformer(resource, canWrite, canCreate).toObject()
}

function formValue(kind: string, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null
  if (DateTime.isDateTime(value)) return kind === 'date' ? value.toISODate() : value.toISO()
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'bigint') return Number(value)
  if (kind === 'money') return Number(value) / 100
  if (typeof value === 'number' || typeof value === 'boolean') return value
  return String(value)
}

/** A stored record as the edit form reads it: its id and its form fields, nothing else. */
export function recordForForm(resource: ResourceDescriptor, record: LucidRow) {
  const model = record.constructor as LucidModel
  const values: Record<string, string | number | boolean | null> = {
    id: formValue('number', record.$attributes.id),
  }
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.form) continue
    const column = field.column ?? name
    const attribute = model.$keys.columnsToAttributes.get(column) ?? column
    const value = formValue(field.kind, record.$attributes[attribute])
    // A file reads as its name; the form keeps it unless another is chosen.
    values[name] = field.kind === 'file' && typeof value === 'string' ? uploadName(value) : value
  }
  return values
}
