import { router } from '@inertiajs/react'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { GridIssue, GridRow, ListPage, ListSource } from '~/grid/types'
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

/** Rows of the report as a grid source: paging and sorting reload only the rows, in the URL. */
export function useReportSource(
  path: string,
  parameters: string,
  page: ListPage<GridRow> | null,
  issues: GridIssue[],
  failedMessage: string
): ListSource<GridRow> {
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const latest = useRef('')
  const merged = useCallback(
    (query: string) => {
      const params = new URLSearchParams(parameters)
      for (const [name, value] of new URLSearchParams(query)) params.set(name, value)
      return params
    },
    [parameters]
  )
  const load = useCallback(
    (query: string) => {
      // Only paging, sorting and columns load here; a grid of other parameters (one being
      // replaced after the parameters changed) leaves the address alone.
      if (typeof window !== 'undefined' && reportParameters(window.location.search) !== parameters)
        return
      const url = `${path}?${merged(query)}`
      latest.current = url
      const visit = (attempt: number) =>
        router.get(
          url,
          {},
          {
            only: ['result', 'issues'],
            preserveState: true,
            preserveScroll: true,
            replace: true,
            onStart: () => setLoading(true),
            onSuccess: () => setFailed(false),
            onHttpException: () => {
              setFailed(true)
              return false
            },
            onNetworkError: () => {
              if (attempt >= 3) setFailed(true)
              else setTimeout(() => latest.current === url && visit(attempt + 1), 300 * attempt)
              return false
            },
            onFinish: () => setLoading(false),
          }
        )
      visit(1)
    },
    [path, merged, parameters]
  )
  return useMemo(
    () => ({
      page,
      issues: failed ? [...issues, { field: '', message: failedMessage }] : issues,
      loading,
      load,
      reload: () => router.reload({ only: ['result', 'issues'] }),
      exportUrl: (query, format) => {
        const params = merged(query.toString())
        params.delete('page')
        params.delete('perPage')
        params.set('format', format)
        return `${path}/export?${params}`
      },
    }),
    [page, issues, failed, failedMessage, loading, load, merged, path]
  )
}
