import { useMemo, type ReactNode } from 'react'
import { useI18n } from '~/lib/i18n'
import { ColumnChooser } from './column_chooser'
import { DataGrid, type GridActions } from './data_grid'
import { ExportButtons } from './export_button'
import { Pagination } from './pagination'
import type { useGridState } from './use_grid_state'
import type { GridModel, GridPresentation, GridRow, ListSource } from './types'

/**
 * One data grid for every list (resources, tracking history, reports): toolbar with the
 * list's own filters, column choice and export with progress; the problems of the query;
 * the rows; pagination. The list source loads the rows, the grid state keeps the query.
 */
export function Grid<R extends GridRow>({
  model,
  source,
  grid,
  presentation,
  actions,
  filters,
  toolbar,
  primaryAction,
  below,
  footerRow,
  onRowFocus,
}: {
  model: GridModel
  source: ListSource<R>
  grid: ReturnType<typeof useGridState<R>>
  presentation: GridPresentation<R>
  actions?: GridActions<R>
  /** The list's own filters, at the start of the toolbar. */
  filters?: ReactNode
  /** Extra toolbar content before the column choice. */
  toolbar?: ReactNode
  /** The main button (e.g. New), at the end of the toolbar. */
  primaryAction?: ReactNode
  /** Under the toolbar (e.g. column filters). */
  below?: ReactNode
  /** A row pinned under the rows (a report's totals). */
  footerRow?: R
  /** A row was clicked or reached by keyboard (a report highlights it on its map). */
  onRowFocus?: (row: R) => void
}) {
  const { t } = useI18n()
  const { state, update, goToPage, query } = grid
  const byName = useMemo(
    () => new Map(model.columns.map((column) => [column.name, column])),
    [model.columns]
  )
  const shown = useMemo(
    () => state.fields.flatMap((field) => byName.get(field) ?? []),
    [state.fields, byName]
  )

  function choose(fields: string[]) {
    update({ fields })
    source.savePreferences?.(fields, state.perPage)
  }

  return (
    <div className="space-y-4" data-testid={`resource-table-${model.key}`}>
      <div className="flex flex-wrap items-center gap-2">
        {filters}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {toolbar}
          <ColumnChooser
            columns={model.columns}
            header={presentation.header}
            fields={state.fields}
            onChange={choose}
          />
          <ExportButtons url={(format) => source.exportUrl(new URLSearchParams(query), format)} />
          {primaryAction}
        </div>
      </div>

      {below}

      {source.issues.length > 0 && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          data-testid="table-issues"
        >
          {source.issues.map((issue) => (
            <p key={`${issue.field}${issue.message}`}>{issue.message}</p>
          ))}
        </div>
      )}

      <div className={source.loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
        <DataGrid<R>
          columns={shown}
          rows={grid.page?.data ?? []}
          sort={state.sort}
          order={state.order}
          onSort={(sort) =>
            update(
              sort
                ? { sort: sort.column, order: sort.order }
                : { sort: model.defaultSort.column, order: model.defaultSort.order }
            )
          }
          presentation={presentation}
          actions={actions}
          emptyText={t('messages.empty')}
          footerRow={footerRow}
          onRowFocus={onRowFocus}
        />
      </div>

      <Pagination
        meta={grid.page?.meta}
        page={state.page}
        perPage={state.perPage}
        onPage={goToPage}
        onPerPage={(perPage) => update({ perPage })}
      />
    </div>
  )
}
