import { useCallback, useMemo } from 'react'
import type { GridIssue, GridRow, ListPage, ListSource } from '~/grid/types'
import { useInertiaList } from '~/grid/use_inertia_list'
import type { ReportInputValues } from '~/components/reports/report_page_types'

/** The report's parameters as a query string (empty ones left out, lists comma-separated). */
export function parameterQuery(input: ReportInputValues) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(input)) {
    const text = Array.isArray(value) ? value.join(',') : value
    if (text !== '' && text !== undefined) params.set(name, text)
  }
  return params
}

const tableKeys = new Set(['page', 'perPage', 'sort', 'order', 'fields'])

/** The report parameters of a query string, without the table's own keys, in a stable order. */
export function reportParameters(search: string) {
  const params = new URLSearchParams(search)
  for (const key of tableKeys) params.delete(key)
  params.sort()
  return params.toString()
}

/**
 * Rows of the report as a grid source: the list's partial reloads (`result` and `issues`,
 * retried after a network failure), with the report's parameters in every address and export.
 */
export function useReportSource(
  path: string,
  parameters: string,
  page: ListPage<GridRow> | null,
  issues: GridIssue[],
  failedMessage: string
): ListSource<GridRow> {
  const list = useInertiaList({ path, page, issues, failedMessage, rowsProp: 'result' })
  const merged = useCallback(
    (query: string) => {
      const params = new URLSearchParams(parameters)
      for (const [name, value] of new URLSearchParams(query)) params.set(name, value)
      return params
    },
    [parameters]
  )
  const loadList = list.load
  const load = useCallback(
    (query: string) => {
      // Only paging, sorting and columns load here; a grid of other parameters (one being
      // replaced after the parameters changed) leaves the address alone.
      if (typeof window !== 'undefined' && reportParameters(window.location.search) !== parameters)
        return
      loadList(merged(query).toString())
    },
    [loadList, merged, parameters]
  )
  return useMemo(
    () => ({
      ...list,
      load,
      exportUrl: (query, format) => {
        const params = merged(query.toString())
        params.delete('page')
        params.delete('perPage')
        params.set('format', format)
        return `${path}/export?${params}`
      },
    }),
    [list, load, merged, path]
  )
}
