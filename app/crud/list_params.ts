import { DateTime } from 'luxon'
import type { ResourceDescriptor } from './resource.js'
import {
  comparisonOperators,
  filterOperators,
  perPageSizes,
  type FilterOperator,
} from '#shared/table_query'
import { maxPeriodDays, spansMoreThan } from '#services/request_limits'

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

/**
 * The database type of a number column, learnt from PostgreSQL (see
 * app/crud/column_types.ts): a filter value must fit it, or the database
 * would refuse the query.
 */
export type NumberType = 'int2' | 'int4' | 'int8' | 'float4' | 'float8' | 'numeric'
export type ColumnTypes = Record<string, NumberType>

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

/** Own columns only: `constructor`, `toString` or `__proto__` are not columns. */
export function hasColumn(resource: ResourceDescriptor, name: string) {
  return Object.hasOwn(resource.columns, name)
}

/** Text PostgreSQL cannot store or compare: a NUL character or a lone UTF-16 surrogate. */
export function isStorableText(text: string) {
  return !text.includes('\u0000') && text.isWellFormed()
}

/**
 * A calendar date (YYYY-MM-DD) or an ISO date-time with an optional offset, in
 * years 1 to 9999: the forms the table sends and PostgreSQL accepts. Week dates
 * (2020-W01), ordinal dates and six-digit years are refused.
 */
const DATE_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/

function parseDate(text: string, endOfDay: boolean, zone: string): DateTime | null {
  const match = DATE_TEXT.exec(text)
  if (!match || match[1] === '0000') return null
  const parsed = DateTime.fromISO(text.replace(' ', 'T'), { zone })
  if (!parsed.isValid) return null
  return match[4] === undefined && endOfDay ? parsed.endOf('day') : parsed
}

const INTEGER_RANGE: Record<string, bigint> = {
  int2: 32_767n,
  int4: 2_147_483_647n,
  int8: 9_223_372_036_854_775_807n,
}
const DECIMAL_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d{1,3})?$/

/** Whether a filter value is a number the column's type holds (a plain decimal for integers). */
export function fitsNumberType(value: string, type: NumberType | undefined) {
  if (value.length > 40) return false
  if (type && type in INTEGER_RANGE) {
    if (!/^[-+]?\d+$/.test(value)) return false
    const big = BigInt(value)
    const max = INTEGER_RANGE[type]
    return big <= max && big >= -max - 1n
  }
  if (!DECIMAL_TEXT.test(value)) return false
  const number = Number(value)
  if (!Number.isFinite(number)) return false
  return type !== 'float4' || Math.abs(number) <= 3.4e38
}

/** A LIKE pattern must not end in an escape that escapes nothing (`abc\`). */
export function endsInLoneEscape(pattern: string) {
  const trailing = /\\+$/.exec(pattern)?.[0].length ?? 0
  return trailing % 2 === 1
}

/**
 * Reads the table query contract (architecture.md): page, perPage, sort, order,
 * fields, from/to, deviceId, q and filter[column]=op:value. Only the resource's
 * whitelisted columns are accepted; anything else is an issue, reported as 422.
 */
export function parseListParams(
  resource: ResourceDescriptor,
  input: Record<string, unknown>,
  types: ColumnTypes = {},
  zone = 'utc'
): ListParams {
  const issues: ListParamIssue[] = []

  for (const [name, value] of Object.entries(input)) {
    if (!textsOf(value).every(isStorableText)) {
      issues.push({ field: name, key: 'input.table.invalid_characters', values: { field: name } })
    }
  }
  if (issues.length > 0) throw new ListQueryError(issues)

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
  if (!hasColumn(resource, sort) || !resource.columns[sort].sortable) {
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
    if (!hasColumn(resource, field))
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
    const parsed = parseDate(raw, endOfDay, zone)
    if (!parsed) issues.push({ field: name, key: 'invalid_date', values: { name } })
    else if (name === 'from') from = parsed
    else to = parsed
  }
  if (from && to && from > to) issues.push({ field: 'from', key: 'range_reversed' })
  else if (from && to && spansMoreThan(from, to, maxPeriodDays.table)) {
    issues.push({
      field: 'to',
      key: 'range_too_long',
      values: { days: String(maxPeriodDays.table) },
    })
  }
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
        const spec = hasColumn(resource, column) ? resource.columns[column] : undefined
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
        const typeIssue = valueIssue(spec.kind, operator, value, spec.enumValues, types[column])
        if (typeIssue) {
          issues.push({ field: `filter[${column}]`, key: typeIssue, values: { column } })
          continue
        }
        filters.push({ column, operator, value: normalizedValue(spec.kind, operator, value) })
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

/** Every string a query parameter carries (nested for filter[column]). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(textsOf)
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, nested]) => [key, ...textsOf(nested)])
  }
  return []
}

/**
 * eq/neq compare typed values, and so do the comparisons (numbers and dates only); pattern
 * operators compare the text form of any column, and their pattern must be one PostgreSQL accepts.
 */
function valueIssue(
  kind: string,
  operator: FilterOperator,
  value: string,
  enumValues: readonly string[] | undefined,
  numberType: NumberType | undefined
) {
  const comparison = comparisonOperators.has(operator)
  if (comparison && kind !== 'number' && kind !== 'date' && kind !== 'datetime') {
    return 'input.table.invalid_filter_comparison'
  }
  if (operator !== 'eq' && operator !== 'neq' && !comparison) {
    return endsInLoneEscape(value) ? 'input.table.invalid_pattern' : null
  }
  if (kind === 'number' && !fitsNumberType(value, numberType)) {
    return numberType && numberType in INTEGER_RANGE
      ? 'input.table.invalid_filter_integer'
      : 'invalid_filter_number'
  }
  if (kind === 'boolean' && !['true', 'false'].includes(value)) return 'invalid_filter_boolean'
  if ((kind === 'date' || kind === 'datetime') && !parseDate(value, false, 'utc'))
    return 'invalid_filter_date'
  if (kind === 'enum' && enumValues && !enumValues.includes(value)) return 'invalid_filter_enum'
  return null
}

/** Dates reach the database in one form: YYYY-MM-DD, or an ISO date-time with its offset. */
function normalizedValue(kind: string, operator: FilterOperator, value: string) {
  if (operator !== 'eq' && operator !== 'neq' && !comparisonOperators.has(operator)) return value
  if (kind === 'date') return parseDate(value, false, 'utc')!.toISODate()!
  if (kind === 'datetime') return parseDate(value, false, 'utc')!.toISO()!
  return value
}
