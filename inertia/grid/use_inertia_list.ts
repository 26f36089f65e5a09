import { router } from '@inertiajs/react'
import { useCallback, useMemo, useRef, useState } from 'react'
import { putJson } from './http'
import type { GridIssue, GridRow, ListPage, ListSource } from './types'

/** A table's page loads are retried after a network failure: at most 3 attempts in total. */
const ATTEMPTS = 3

interface VisitHandlers {
  setLoading: (loading: boolean) => void
  setFailed: (failed: boolean) => void
  /** Whether this URL is still the one the grid wants (a newer query stops the retries). */
  isLatest: (url: string) => boolean
}

/** A partial reload of the list's props at a new URL, retried after a network failure. */
function visitList(url: string, only: string[], handlers: VisitHandlers, attempt = 1) {
  router.get(
    url,
    {},
    {
      only,
      preserveState: true,
      preserveScroll: true,
      replace: true,
      onStart: () => handlers.setLoading(true),
      onSuccess: () => handlers.setFailed(false),
      onHttpException: () => {
        handlers.setFailed(true)
        return false
      },
      onNetworkError: () => {
        if (attempt >= ATTEMPTS) handlers.setFailed(true)
        else {
          setTimeout(() => {
            if (handlers.isLatest(url)) visitList(url, only, handlers, attempt + 1)
          }, 300 * attempt)
        }
        return false
      },
      onFinish: () => handlers.setLoading(false),
    }
  )
}

/**
 * A list served as Inertia props: the page renders with its first rows, and every change of
 * the table query is a partial reload of just the rows (`only`) at the new URL, so the
 * address bar always holds the table's state. Exports and the JSON API use the resource's
 * JSON endpoints; the page itself has this one contract.
 */
export function useInertiaList<R extends GridRow>({
  path,
  page,
  issues,
  failedMessage,
  rowsProp = 'initial',
  issuesProp = 'issues',
  preferencesPath,
}: {
  /** The page's path, without its query string. */
  path: string
  page: ListPage<R> | null
  issues: GridIssue[]
  /** Shown when the rows cannot be loaded (network down after every attempt, server error). */
  failedMessage: string
  rowsProp?: string
  issuesProp?: string
  /** Where the user's column choice and page size are saved, if the list keeps them. */
  preferencesPath?: string
}): ListSource<R> {
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const latest = useRef('')

  const load = useCallback(
    (query: string) => {
      const url = query ? `${path}?${query}` : path
      latest.current = url
      visitList(url, [rowsProp, issuesProp], {
        setLoading,
        setFailed,
        isLatest: (candidate) => latest.current === candidate,
      })
    },
    [path, rowsProp, issuesProp]
  )

  const reload = useCallback(() => {
    router.reload({ only: [rowsProp, issuesProp] })
  }, [rowsProp, issuesProp])

  return useMemo(
    () => ({
      page,
      issues: failed ? [...issues, { field: '', message: failedMessage }] : issues,
      loading,
      load,
      reload,
      exportUrl: (query, format) => {
        const params = new URLSearchParams(query)
        params.delete('page')
        params.set('format', format)
        return `${path}/export?${params}`
      },
      savePreferences: preferencesPath
        ? (fields, perPage) => {
            putJson(preferencesPath, { fields: fields.join(','), perPage }).catch(() => {})
          }
        : undefined,
    }),
    [page, issues, failed, failedMessage, loading, load, reload, path, preferencesPath]
  )
}
