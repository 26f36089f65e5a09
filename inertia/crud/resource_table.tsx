import { router, usePage } from '@inertiajs/react'
import { Pencil, Plus, Trash2, Upload } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/dialog'
import type { GridActions } from '~/grid/data_grid'
import { Grid } from '~/grid/grid'
import { getJson } from '~/grid/http'
import type { GridIssue, ListPage } from '~/grid/types'
import { useGridState } from '~/grid/use_grid_state'
import { useInertiaList } from '~/grid/use_inertia_list'
import { useI18n } from '~/lib/i18n'
import { useFormat } from '~/lib/format'
import type { SharedProps } from '~/types'
import { FilterBar } from './filter_bar'
import { useResourcePresentation } from './resource_cells'
import { ResourceFilters } from './resource_filters'
import { ResourceForm } from './resource_form'
import { ImportDialog } from './import_dialog'
import type { Lookup, ResourceClient, ResourceMeta, Row, Vehicle } from './types'

export interface ResourceTableProps {
  meta: ResourceMeta
  client: ResourceClient
  initial: ListPage<Row> | null
  issues: GridIssue[]
  preferences: { fields: string[]; perPage: number | null }
  lookups: Record<string, Lookup[]>
  vehicles: Vehicle[]
  /** Extra toolbar content (e.g. "unregistered devices seen"). */
  toolbar?: ReactNode
}

/**
 * The table of every resource: the one data grid over the page's Inertia props (each change
 * of the query is a partial reload of the rows), the resource's filters, and its create, edit
 * and delete dialogs.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { meta, client, lookups, vehicles } = props
  const { t } = useI18n()
  const format = useFormat()
  // A record is named by its label and, where it has one, its own date: "the traffic fine of
  // 34 ABC 12 dated 12.11.2026", not just the vehicle it belongs to.
  const deleteMessage = (row: Row) => {
    const values = {
      item: String(row[meta.labelColumn] ?? row.id),
      table: t(`crud.${meta.key}.title`),
    }
    const date = meta.dateColumn ? row[meta.dateColumn] : null
    if (!date || meta.dateColumn === meta.labelColumn) {
      return t('crud.table.delete_confirm', values)
    }
    return t('crud.table.delete_dated_confirm', {
      ...values,
      date: format.calendarDate(String(date).slice(0, 10)),
    })
  }
  const page = usePage<SharedProps>()
  const basePath = page.url.split('?')[0]
  const source = useInertiaList<Row>({
    path: basePath,
    page: props.initial,
    issues: props.issues,
    failedMessage: t('crud.table.load_failed'),
    preferencesPath: `${basePath}/preferences`,
  })
  const grid = useGridState(meta, source, page.url, props.preferences)
  const presentation = useResourcePresentation(meta, client)
  const [editing, setEditing] = useState<Row | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Row | null>(null)
  const [importing, setImporting] = useState(false)
  const [loadIssue, setLoadIssue] = useState<GridIssue | null>(null)

  const openEditor = useCallback(
    (id: unknown) => {
      getJson<Row>(`${basePath}/data/${id}`).then(
        (record) => {
          setLoadIssue(null)
          setEditing(record)
        },
        () => setLoadIssue({ field: '', message: t('crud.table.load_failed') })
      )
    },
    [basePath, t]
  )

  // `?edit=<id>` (links such as "update info" on the vehicle page) opens that record's form.
  useEffect(() => {
    const editId = new URLSearchParams(window.location.search).get('edit')
    if (editId && meta.canWrite) openEditor(editId)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const editable = meta.canWrite && meta.form.length > 0
  const creatable = (meta.canCreate ?? meta.canWrite) && meta.form.length > 0
  const { reload } = source
  const actions = useMemo<GridActions<Row> | undefined>(() => {
    if (!editable && !client.rowActions) return undefined
    return {
      label: t('crud.table.row_actions'),
      width: client.rowActions ? 200 : 110,
      render: (row) => (
        <>
          {client.rowActions?.(row, { reload, basePath, vehicles })}
          {editable && (
            <>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('crud.table.edit')}
                onClick={() => openEditor(row.id)}
                data-testid="edit-row"
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('crud.table.delete')}
                onClick={() => setDeleting(row)}
                data-testid="delete-row"
              >
                <Trash2 className="size-4 text-red-600" aria-hidden="true" />
              </Button>
            </>
          )}
        </>
      ),
    }
  }, [editable, client, t, reload, basePath, vehicles, openEditor])

  function remove(row: Row) {
    router.delete(`${basePath}/${row.id}`, {
      preserveScroll: true,
      preserveState: true,
      onFinish: () => setDeleting(null),
    })
  }

  return (
    <>
      <Grid<Row>
        model={meta}
        source={loadIssue ? { ...source, issues: [...source.issues, loadIssue] } : source}
        grid={grid}
        presentation={presentation}
        actions={actions}
        filters={
          <ResourceFilters
            meta={meta}
            state={grid.state}
            vehicles={vehicles}
            update={grid.update}
          />
        }
        toolbar={props.toolbar}
        primaryAction={
          (creatable || meta.importable) && (
            <>
              {meta.importable && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setImporting(true)}
                  data-testid="import-records"
                >
                  <Upload className="size-4" aria-hidden="true" /> {t('crud.import.button')}
                </Button>
              )}
              {creatable && (
                <Button size="sm" onClick={() => setEditing('new')} data-testid="create-record">
                  <Plus className="size-4" aria-hidden="true" /> {t('crud.table.create')}
                </Button>
              )}
            </>
          )
        }
        below={
          <FilterBar
            meta={meta}
            filters={grid.state.filters}
            onChange={(filters) => grid.update({ filters })}
          />
        }
      />

      {editing && (
        <ResourceForm
          meta={meta}
          action={basePath}
          record={editing === 'new' ? null : editing}
          lookups={lookups}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {importing && (
        <ImportDialog
          meta={meta}
          basePath={basePath}
          onClose={() => setImporting(false)}
          onImported={reload}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('crud.table.delete_title')}
          message={deleteMessage(deleting)}
          confirmLabel={t('crud.table.delete')}
          onConfirm={() => remove(deleting)}
        />
      )}
    </>
  )
}
