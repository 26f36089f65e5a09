import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { readTableState, tableQuery, type TableState } from '~/crud/query_state'
import type { GridModel, GridRow, ListPage, ListSource } from './types'

type Preferences = { fields: string[]; perPage: number | null }

/** The table query a URL stands for, written the way the grid writes it. */
function queryOf(url: string, model: GridModel, preferences: Preferences) {
  return tableQuery(readTableState(url.split('?')[1] ?? '', model, preferences), model).toString()
}

/**
 * The grid's state (page, size, sort, columns, date range, vehicle, search, filters), read
 * from the URL once and then kept by the grid: every change asks the source for the rows of
 * the new query, which also writes it to the URL. When a visit lands on another query (a
 * redirect back after a write drops the query string), the grid keeps showing its last rows
 * and asks for its own query again.
 */
export function useGridState<R extends GridRow>(
  model: GridModel,
  source: ListSource<R>,
  url: string,
  preferences: Preferences
) {
  const [state, setState] = useState<TableState>(() =>
    readTableState(url.split('?')[1] ?? '', model, preferences)
  )
  const query = useMemo(() => tableQuery(state, model).toString(), [state, model])
  const urlQuery = queryOf(url, model, preferences)
  const matches = urlQuery === query
  const requested = useRef(query)
  const { load } = source

  useEffect(() => {
    if (matches) {
      requested.current = query
      return
    }
    // Once per query and URL: a URL that cannot hold the query must not loop.
    const key = `${query}|${urlQuery}`
    if (requested.current === key) return
    requested.current = key
    load(query)
  }, [matches, query, urlQuery, load])

  const [shown, setShown] = useState<{ page: ListPage<R> | null }>({ page: source.page })
  if (matches && shown.page !== source.page) setShown({ page: source.page })

  /** Changes part of the state; anything but paging goes back to the first page. */
  const update = useCallback(
    (changes: Partial<TableState>) => setState((current) => ({ ...current, page: 1, ...changes })),
    []
  )
  const goToPage = useCallback((page: number) => setState((current) => ({ ...current, page })), [])

  return { state, query, update, goToPage, page: matches ? source.page : shown.page }
}
