import { DateTime } from 'luxon'
import type { ResourceDescriptor } from './resource.js'
import { filterOperators, perPageSizes, type FilterOperator } from '#shared/table_query'

export { filterOperators, perPageSizes, type FilterOperator }

export interface ColumnFilter {
  column: string
  operator: FilterOperator
  value: string | null
}

export interface ListParams {
  page: number
  perPage: number
  sort: string
  order: 'asc' | 'desc'
  fields: string[]
  from: DateTime | null
  to: DateTime | null
  deviceId: number | null
  q: string | null
  filters: ColumnFilter[]
}

/** One problem with the query, as an i18n key (under messages.table) and its values. */
export interface ListParamIssue {
  field: string
  key: string
  values?: Record<string, string>
}

export class ListQueryError extends Error {
  constructor(readonly issues: ListParamIssue[]) {
    super('invalid list query')
  }
}

const MAX_FILTER_VALUE = 200

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[0])
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined
}

function parseDate(text: string, endOfDay: boolean): DateTime | null {
  const parsed = DateTime.fromISO(text, { zone: 'utc' })
  if (!parsed.isValid) return null
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && endOfDay ? parsed.endOf('day') : parsed
}

/**
 * Reads the table query contract (architecture.md): page, perPage, sort, order,
 * fields, from/to, deviceId, q and filter[column]=op:value. Only the resource's
 * whitelisted columns are accepted; anything else is an issue, reported as 422.
 */
export function parseListParams(
  resource: ResourceDescriptor,
  input: Record<string, unknown>
): ListParams {
  const issues: ListParamIssue[] = []

  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = single(input[name])
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      issues.push({ field: name, key: 'invalid_number', values: { name } })
      return fallback
    }
    return value
  }

  const page = integer('page', 1, 1, 1_000_000)
  const perPage = integer('perPage', 25, 1, 500)
  if (!perPageSizes.includes(perPage as (typeof perPageSizes)[number])) {
    issues.push({
      field: 'perPage',
      key: 'invalid_per_page',
      values: { sizes: perPageSizes.join(', ') },
    })
  }

  const sort = single(input.sort) || resource.defaultSort.column
  if (!resource.columns[sort]?.sortable) {
    issues.push({ field: 'sort', key: 'unknown_column', values: { column: sort } })
  }
  const orderText = single(input.order) || (single(input.sort) ? 'asc' : resource.defaultSort.order)
  if (orderText !== 'asc' && orderText !== 'desc') {
    issues.push({ field: 'order', key: 'invalid_order' })
  }

  const fieldsText = single(input.fields)
  const fields = fieldsText
    ? fieldsText
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean)
    : []
  for (const field of fields) {
    if (!resource.columns[field])
      issues.push({ field: 'fields', key: 'unknown_column', values: { column: field } })
  }

  let from: DateTime | null = null
  let to: DateTime | null = null
  for (const [name, endOfDay] of [
    ['from', false],
    ['to', true],
  ] as const) {
    const raw = single(input[name])
    if (!raw) continue
    if (!resource.dateColumn) {
      issues.push({ field: name, key: 'no_date_column' })
      continue
    }
    const parsed = parseDate(raw, endOfDay)
    if (!parsed) issues.push({ field: name, key: 'invalid_date', values: { name } })
    else if (name === 'from') from = parsed
    else to = parsed
  }
  if (from && to && from > to) issues.push({ field: 'from', key: 'range_reversed' })
  if (resource.dateColumn && resource.defaultRangeDays && !from && !to) {
    to = DateTime.utc()
    from = to.minus({ days: resource.defaultRangeDays })
  }

  let deviceId: number | null = null
  const deviceText = single(input.deviceId)
  if (deviceText) {
    if (!resource.deviceColumn) issues.push({ field: 'deviceId', key: 'no_device_column' })
    else if (!/^\d{1,9}$/.test(deviceText))
      issues.push({ field: 'deviceId', key: 'invalid_number', values: { name: 'deviceId' } })
    else deviceId = Number(deviceText)
  }

  const qText = single(input.q)?.trim() || null
  if (qText && !resource.searchColumns?.length) issues.push({ field: 'q', key: 'no_search' })
  if (qText && qText.length > 100)
    issues.push({ field: 'q', key: 'too_long', values: { max: '100' } })

  const filters: ColumnFilter[] = []
  const filterInput = input.filter
  if (filterInput !== undefined) {
    if (typeof filterInput !== 'object' || filterInput === null || Array.isArray(filterInput)) {
      issues.push({ field: 'filter', key: 'invalid_filter' })
    } else {
      for (const [column, rawValue] of Object.entries(filterInput)) {
        const spec = resource.columns[column]
        if (!spec?.filterable) {
          issues.push({ field: `filter[${column}]`, key: 'unknown_column', values: { column } })
          continue
        }
        const text = single(rawValue) ?? ''
        const separator = text.indexOf(':')
        const operator = (separator === -1 ? text : text.slice(0, separator)) as FilterOperator
        const value = separator === -1 ? null : text.slice(separator + 1)
        if (!filterOperators.includes(operator)) {
          issues.push({
            field: `filter[${column}]`,
            key: 'unknown_operator',
            values: { operator: operator || '?', operators: filterOperators.join(', ') },
          })
          continue
        }
        if (operator === 'is_null' || operator === 'is_not_null') {
          filters.push({ column, operator, value: null })
          continue
        }
        if (value === null || value === '') {
          issues.push({ field: `filter[${column}]`, key: 'missing_value', values: { column } })
          continue
        }
        if (value.length > MAX_FILTER_VALUE) {
          issues.push({
            field: `filter[${column}]`,
            key: 'too_long',
            values: { max: String(MAX_FILTER_VALUE) },
          })
          continue
        }
        const typeIssue = valueIssue(spec.kind, operator, value, spec.enumValues)
        if (typeIssue) {
          issues.push({ field: `filter[${column}]`, key: typeIssue, values: { column } })
          continue
        }
        filters.push({ column, operator, value })
      }
    }
  }

  if (issues.length > 0) throw new ListQueryError(issues)
  return {
    page,
    perPage,
    sort,
    order: orderText as 'asc' | 'desc',
    fields,
    from,
    to,
    deviceId,
    q: qText,
    filters,
  }
}

/** eq/neq compare typed values; pattern operators compare the text form of any column. */
function valueIssue(
  kind: string,
  operator: FilterOperator,
  value: string,
  enumValues?: readonly string[]
) {
  if (operator !== 'eq' && operator !== 'neq') return null
  if (kind === 'number' && !Number.isFinite(Number(value))) return 'invalid_filter_number'
  if (kind === 'boolean' && !['true', 'false'].includes(value)) return 'invalid_filter_boolean'
  if ((kind === 'date' || kind === 'datetime') && !DateTime.fromISO(value).isValid)
    return 'invalid_filter_date'
  if (kind === 'enum' && enumValues && !enumValues.includes(value)) return 'invalid_filter_enum'
  return null
}
