import { filterOperators, perPageSizes, valuelessOperators } from '#shared/table_query'
import type { GridModel } from '~/grid/types'

/** The table's state, exactly what travels in the URL (the table query contract). */
export interface TableState {
  page: number
  perPage: number
  sort: string
  order: 'asc' | 'desc'
  fields: string[]
  from: string
  to: string
  deviceId: string
  q: string
  filters: { column: string; operator: string; value: string }[]
}

export { filterOperators, perPageSizes, valuelessOperators }

export function readTableState(
  search: string,
  meta: Pick<GridModel, 'defaultFields' | 'defaultSort'>,
  preferred: { fields: string[]; perPage: number | null }
): TableState {
  const params = new URLSearchParams(search)
  const filters: TableState['filters'] = []
  for (const [key, value] of params) {
    const match = /^filter\[(\w+)\]$/.exec(key)
    if (!match) continue
    const separator = value.indexOf(':')
    filters.push({
      column: match[1],
      operator: separator === -1 ? value : value.slice(0, separator),
      value: separator === -1 ? '' : value.slice(separator + 1),
    })
  }
  const fields = params.get('fields')?.split(',').filter(Boolean) ?? preferred.fields
  return {
    page: Number(params.get('page')) || 1,
    perPage: Number(params.get('perPage')) || preferred.perPage || 25,
    sort: params.get('sort') || meta.defaultSort.column,
    order:
      (params.get('order') as 'asc' | 'desc') ||
      (params.get('sort') ? 'asc' : meta.defaultSort.order),
    fields: fields.length > 0 ? fields : meta.defaultFields,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    deviceId: params.get('deviceId') ?? '',
    q: params.get('q') ?? '',
    filters,
  }
}

/** The query string of a state: only what differs from the defaults, so URLs stay short. */
export function tableQuery(
  state: TableState,
  meta: Pick<GridModel, 'defaultFields' | 'defaultSort'>
): URLSearchParams {
  const params = new URLSearchParams()
  if (state.page !== 1) params.set('page', String(state.page))
  if (state.perPage !== 25) params.set('perPage', String(state.perPage))
  if (state.sort !== meta.defaultSort.column || state.order !== meta.defaultSort.order) {
    params.set('sort', state.sort)
    params.set('order', state.order)
  }
  if (state.fields.join(',') !== meta.defaultFields.join(','))
    params.set('fields', state.fields.join(','))
  if (state.from) params.set('from', state.from)
  if (state.to) params.set('to', state.to)
  if (state.deviceId) params.set('deviceId', state.deviceId)
  if (state.q) params.set('q', state.q)
  for (const filter of state.filters) {
    params.set(
      `filter[${filter.column}]`,
      valuelessOperators.has(filter.operator)
        ? filter.operator
        : `${filter.operator}:${filter.value}`
    )
  }
  return params
}
