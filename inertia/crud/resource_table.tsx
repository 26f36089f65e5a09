import { router, usePage } from '@inertiajs/react'
import { AgGridReact } from 'ag-grid-react'
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type ColDef,
  type SortChangedEvent,
} from 'ag-grid-community'
import { ChevronLeft, ChevronRight, Pencil, Plus, Search, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { useFormat, type Formatters } from '~/lib/format'
import { useI18n, type Translate } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { SharedProps } from '~/types'
import { ColumnChooser } from './column_chooser'
import { ConfirmDialog } from '~/components/ui/dialog'
import { ExportButtons } from './export_button'
import { fetchJson, HttpError } from './fetch_json'
import { FilterBar } from './filter_bar'
import { perPageSizes, readTableState, tableQuery, type TableState } from './query_state'
import { ResourceForm } from './resource_form'
import type {
  ColumnMeta,
  ListPage,
  Lookup,
  ResourceClient,
  ResourceMeta,
  Row,
  Vehicle,
} from './types'

ModuleRegistry.registerModules([AllCommunityModule])

const control =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm shadow-sm focus:ring-2 focus:ring-brand-500'

export interface ResourceTableProps {
  meta: ResourceMeta
  client: ResourceClient
  initial: ListPage | null
  issues: { field: string; message: string }[]
  preferences: { fields: string[]; perPage: number | null }
  lookups: Record<string, Lookup[]>
  vehicles: Vehicle[]
  /** Extra toolbar content (e.g. "unregistered devices seen"). */
  toolbar?: ReactNode
}

function formatCell(
  t: Translate,
  meta: ResourceMeta,
  column: ColumnMeta,
  value: unknown,
  format: Formatters
) {
  if (value === null || value === undefined || value === '') return '—'
  switch (column.kind) {
    case 'boolean':
      return t(value === true || value === 'true' ? 'crud.table.yes' : 'crud.table.no')
    case 'datetime':
      return format.dateTime(String(value), true)
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value))
        ? format.calendarDate(String(value))
        : format.date(String(value))
    case 'enum':
      return t(`crud.${meta.key}.values.${column.name}.${value}`)
    case 'number':
      return column.name === 'latitude' || column.name === 'longitude'
        ? format.coordinate(Number(value))
        : String(value)
    default:
      return String(value)
  }
}

/**
 * The table of every resource: AG Grid on the client over the server's table
 * query contract. Its whole state (page, size, sort, columns, date range,
 * vehicle, search, filters) lives in the URL.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { meta, client, lookups, vehicles } = props
  const { t, locale } = useI18n()
  const formatters = useFormat()
  const path = useRoute()
  const page = usePage<SharedProps>()
  const basePath = page.url.split('?')[0]
  const [state, setState] = useState<TableState>(() =>
    readTableState(page.url.split('?')[1] ?? '', meta, props.preferences)
  )
  const [data, setData] = useState<ListPage | null>(props.initial)
  const [issues, setIssues] = useState(props.issues)
  const [loading, setLoading] = useState(false)
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)
  const [search, setSearch] = useState(state.q)
  const firstLoad = useRef(true)

  const query = useMemo(() => tableQuery(state, meta).toString(), [state, meta])

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoading(true)
      try {
        const result = await fetchJson<ListPage>(`${basePath}/data?${query}`, signal)
        setData(result)
        setIssues([])
      } catch (error) {
        if (signal?.aborted) return
        if (error instanceof HttpError && error.status === 422) {
          setIssues((error.body as { errors: typeof issues }).errors)
        } else {
          setIssues([{ field: '', message: t('crud.table.load_failed') }])
        }
      } finally {
        if (!signal?.aborted) setLoading(false)
      }
    },
    [basePath, query, t]
  )

  useEffect(() => {
    const url = query ? `${basePath}?${query}` : basePath
    if (window.location.pathname + window.location.search !== url) {
      window.history.replaceState(window.history.state, '', url)
    }
    if (firstLoad.current && props.initial) {
      firstLoad.current = false
      return
    }
    firstLoad.current = false
    const controller = new AbortController()
    load(controller.signal)
    return () => controller.abort()
  }, [query, basePath, load, props.initial])

  const openEditor = useCallback(
    async (row: Pick<Row, 'id'>) => {
      try {
        setEditing(await fetchJson<Row>(`${basePath}/data/${row.id}`))
      } catch {
        setIssues([{ field: '', message: t('crud.table.load_failed') }])
      }
    },
    [basePath, t]
  )

  // `?edit=<id>` (links such as "update info" on the vehicle page) opens that record's form.
  useEffect(() => {
    const editId = new URLSearchParams(window.location.search).get('edit')
    if (!editId || !meta.canWrite) return
    fetchJson<Row>(`${basePath}/data/${editId}`).then(setEditing, () => {})
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== state.q) setState((current) => ({ ...current, q: search, page: 1 }))
    }, 300)
    return () => clearTimeout(timer)
  }, [search, state.q])

  const update = (changes: Partial<TableState>) =>
    setState((current) => ({ ...current, page: 1, ...changes }))

  function choose(fields: string[]) {
    update({ fields })
    fetch(`${basePath}/preferences`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken() },
      body: JSON.stringify({ fields: fields.join(','), perPage: state.perPage }),
    }).catch(() => {})
  }

  const columnsByName = useMemo(
    () => new Map(meta.columns.map((column) => [column.name, column])),
    [meta.columns]
  )

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const definitions: ColDef<Row>[] = state.fields
      .filter((field) => columnsByName.has(field))
      .map((field) => {
        const column = columnsByName.get(field)!
        const custom = client.cells?.[field]
        return {
          colId: field,
          field,
          headerName: t(`crud.${meta.key}.fields.${field}`),
          sortable: column.sortable,
          sort: state.sort === field ? state.order : null,
          comparator: () => 0,
          minWidth: 110,
          flex: 1,
          cellRenderer: (params: { value: unknown; data?: Row }) => {
            if (custom && params.data) return custom(params.value, params.data)
            const text = formatCell(t, meta, column, params.value, formatters)
            const href =
              field === meta.labelColumn && params.data ? client.rowHref?.(params.data, path) : null
            return href ? (
              <a href={href} className="font-medium text-brand-700 hover:underline">
                {text}
              </a>
            ) : (
              text
            )
          },
        }
      })
    if (meta.canWrite || client.rowActions) {
      definitions.push({
        colId: '__actions',
        headerName: '',
        sortable: false,
        pinned: 'right',
        width: client.rowActions ? 200 : 110,
        cellRenderer: (params: { data?: Row }) =>
          params.data ? (
            <div className="flex h-full items-center gap-1">
              {client.rowActions?.(params.data, { reload: () => load(), basePath, vehicles })}
              {meta.canWrite && meta.form.length > 0 && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('crud.table.edit')}
                    onClick={() => openEditor(params.data!)}
                    data-testid="edit-row"
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('crud.table.delete')}
                    onClick={() => setDeleting(params.data!)}
                    data-testid="delete-row"
                  >
                    <Trash2 className="size-4 text-red-600" aria-hidden="true" />
                  </Button>
                </>
              )}
            </div>
          ) : null,
      })
    }
    return definitions
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    state.fields,
    state.sort,
    state.order,
    columnsByName,
    meta,
    client,
    t,
    locale,
    path,
    vehicles,
  ])

  function onSortChanged(event: SortChangedEvent<Row>) {
    const sorted = event.api.getColumnState().find((column) => column.sort)
    if (!sorted) {
      update({ sort: meta.defaultSort.column, order: meta.defaultSort.order })
    } else if (sorted.colId !== state.sort || sorted.sort !== state.order) {
      update({ sort: sorted.colId, order: sorted.sort as 'asc' | 'desc' })
    }
  }

  function remove(row: Row) {
    router.delete(`${basePath}/${row.id}`, {
      preserveScroll: true,
      preserveState: true,
      onFinish: () => {
        setDeleting(null)
        load()
      },
    })
  }

  const pageMeta = data?.meta
  const from = pageMeta && pageMeta.total > 0 ? (pageMeta.page - 1) * pageMeta.perPage + 1 : 0
  const to = pageMeta ? Math.min(pageMeta.page * pageMeta.perPage, pageMeta.total) : 0
  const exportUrl = (format: 'csv' | 'xlsx') => {
    const params = tableQuery({ ...state, page: 1 }, meta)
    params.set('format', format)
    return `${basePath}/export?${params}`
  }

  return (
    <div className="space-y-4" data-testid={`resource-table-${meta.key}`}>
      <div className="flex flex-wrap items-center gap-2">
        {meta.hasSearch && (
          <label className="relative">
            <span className="sr-only">{t('crud.table.search')}</span>
            <Search
              className="absolute top-2.5 left-2.5 size-4 text-slate-400"
              aria-hidden="true"
            />
            <input
              type="search"
              className={`${control} w-60 pl-8`}
              placeholder={t('crud.table.search_placeholder')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              data-testid="table-search"
            />
          </label>
        )}
        {meta.hasDeviceFilter && (
          <select
            aria-label={t('crud.table.vehicle')}
            className={control}
            value={state.deviceId}
            onChange={(event) => update({ deviceId: event.target.value })}
          >
            <option value="">{t('crud.table.all_vehicles')}</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.name}
                {vehicle.plate ? ` · ${vehicle.plate}` : ''}
              </option>
            ))}
          </select>
        )}
        {meta.hasDateRange && (
          <>
            <input
              type="date"
              aria-label={t('crud.table.from')}
              className={control}
              value={state.from.slice(0, 10)}
              onChange={(event) => update({ from: event.target.value })}
            />
            <input
              type="date"
              aria-label={t('crud.table.to')}
              className={control}
              value={state.to.slice(0, 10)}
              onChange={(event) => update({ to: event.target.value })}
            />
          </>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {props.toolbar}
          <ColumnChooser meta={meta} fields={state.fields} onChange={choose} />
          <ExportButtons url={exportUrl} />
          {meta.canWrite && meta.form.length > 0 && (
            <Button size="sm" onClick={() => setEditing('new')} data-testid="create-record">
              <Plus className="size-4" aria-hidden="true" /> {t('crud.table.create')}
            </Button>
          )}
        </div>
      </div>

      <FilterBar meta={meta} filters={state.filters} onChange={(filters) => update({ filters })} />

      {issues.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          data-testid="table-issues"
        >
          {issues.map((issue) => (
            <p key={`${issue.field}${issue.message}`}>{issue.message}</p>
          ))}
        </div>
      )}

      <div className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        <AgGridReact<Row>
          theme={themeQuartz}
          rowData={data?.data ?? []}
          columnDefs={columnDefs}
          domLayout="autoHeight"
          getRowId={(params) => String(params.data.id)}
          onSortChanged={onSortChanged}
          suppressMultiSort
          overlayNoRowsTemplate={`<span>${t('messages.empty')}</span>`}
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span data-testid="table-range">
          {pageMeta && pageMeta.total > 0
            ? t(pageMeta.totalIsLowerBound ? 'crud.table.range_more' : 'crud.table.range', {
                from,
                to,
                total: pageMeta.total.toLocaleString(locale === 'tr' ? 'tr-TR' : 'en-GB'),
              })
            : t('messages.empty')}
        </span>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-2">
            {t('crud.table.per_page')}
            <select
              className={control}
              value={state.perPage}
              onChange={(event) => update({ perPage: Number(event.target.value) })}
            >
              {perPageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('crud.table.previous')}
            disabled={state.page <= 1}
            onClick={() => setState((current) => ({ ...current, page: current.page - 1 }))}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </Button>
          <span>
            {state.page} / {pageMeta?.lastPage ?? 1}
          </span>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('crud.table.next')}
            disabled={!pageMeta || state.page >= pageMeta.lastPage}
            onClick={() => setState((current) => ({ ...current, page: current.page + 1 }))}
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>

      {editing && (
        <ResourceForm
          meta={meta}
          action={basePath}
          record={editing === 'new' ? null : editing}
          lookups={lookups}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            load()
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('crud.table.delete_title')}
          message={t('crud.table.delete_confirm', {
            item: String(deleting[meta.labelColumn] ?? deleting.id),
            table: t(`crud.${meta.key}.title`),
          })}
          confirmLabel={t('crud.table.delete')}
          onConfirm={() => remove(deleting)}
        />
      )}
    </div>
  )
}

function xsrfToken() {
  const match = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)
  return match ? decodeURIComponent(match[1]) : ''
}
