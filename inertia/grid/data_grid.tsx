import { AgGridReact } from 'ag-grid-react'
import {
  AllCommunityModule,
  ModuleRegistry,
  themeQuartz,
  type CellFocusedEvent,
  type CellKeyDownEvent,
  type ColDef,
  type FullWidthCellKeyDownEvent,
  type ICellRendererParams,
  type SortChangedEvent,
} from 'ag-grid-community'
import { useMemo, type ReactNode } from 'react'
import { focusFirstAction, keyBelongsToAction, RowActionsCell } from './row_actions_cell'
import type { GridColumn, GridPresentation, GridRow } from './types'

ModuleRegistry.registerModules([AllCommunityModule])

const ACTIONS = '__actions'

export interface GridActions<R extends GridRow> {
  /** The accessible name of a row's actions (and the column's header). */
  label: string
  width: number
  render: (row: R) => ReactNode
}

/**
 * AG Grid over server-side rows: the chosen columns in order, sorting by the server (the
 * grid only reports the click), columns sized to their content with long text in full on
 * hover, and a pinned actions column. By keyboard the arrow keys move from cell to cell, Tab
 * leaves the grid in one step and Enter on the actions cell reaches the row's actions.
 */
export function DataGrid<R extends GridRow>({
  columns,
  rows,
  sort,
  order,
  onSort,
  presentation,
  actions,
  emptyText,
  footerRow,
  onRowFocus,
}: {
  columns: GridColumn[]
  rows: R[]
  /** A row pinned under the rows (a report's totals), with its own id. */
  footerRow?: R
  sort: string
  order: 'asc' | 'desc'
  /** A new sort, or null when the user cleared it. */
  onSort: (sort: { column: string; order: 'asc' | 'desc' } | null) => void
  presentation: GridPresentation<R>
  actions?: GridActions<R>
  emptyText: string
  /** A row's cell got focus (a click or the arrow keys); the pinned footer row is left out. */
  onRowFocus?: (row: R) => void
}) {
  const columnDefs = useMemo<ColDef<R>[]>(() => {
    const definitions: ColDef<R>[] = columns.map((column) => ({
      colId: column.name,
      field: column.name as ColDef<R>['field'],
      headerName: presentation.header(column),
      // Long headers (Turkish ones especially) wrap onto a second line instead of being cut.
      wrapHeaderText: true,
      autoHeaderHeight: true,
      headerTooltip: presentation.header(column),
      sortable: column.sortable,
      sort: sort === column.name ? order : null,
      comparator: () => 0,
      minWidth: 80,
      cellRenderer: (params: ICellRendererParams<R>) => {
        if (!params.data) return null
        const text = presentation.text(column, params.value, params.data)
        return (
          <div className="truncate" title={text}>
            {presentation.cell?.(column, params.value, params.data) ?? text}
          </div>
        )
      },
    }))
    if (actions) {
      definitions.push({
        colId: ACTIONS,
        headerName: actions.label,
        sortable: false,
        resizable: false,
        suppressAutoSize: true,
        pinned: 'right',
        width: actions.width,
        suppressKeyboardEvent: ({ event }) => keyBelongsToAction(event),
        cellRenderer: (params: ICellRendererParams<R>) =>
          params.data ? (
            <RowActionsCell label={actions.label} cell={params.eGridCell}>
              {actions.render(params.data)}
            </RowActionsCell>
          ) : null,
      })
    }
    return definitions
  }, [columns, sort, order, presentation, actions])

  function onSortChanged(event: SortChangedEvent<R>) {
    const sorted = event.api.getColumnState().find((column) => column.sort)
    if (!sorted) onSort(null)
    else if (sorted.colId !== sort || sorted.sort !== order) {
      onSort({ column: sorted.colId, order: sorted.sort as 'asc' | 'desc' })
    }
  }

  function onCellKeyDown(event: CellKeyDownEvent<R> | FullWidthCellKeyDownEvent<R>) {
    const key = event.event as KeyboardEvent | null
    const cell = key?.target as HTMLElement | null
    if (!key || !cell || !('column' in event) || event.column.getColId() !== ACTIONS) return
    if ((key.key === 'Enter' || key.key === 'F2') && cell.classList.contains('ag-cell')) {
      if (focusFirstAction(cell)) key.preventDefault()
    }
  }

  function onCellFocused(event: CellFocusedEvent<R>) {
    if (!onRowFocus || event.rowIndex === null || event.rowPinned) return
    const row = event.api.getDisplayedRowAtIndex(event.rowIndex)?.data
    if (row) onRowFocus(row)
  }

  return (
    <AgGridReact<R>
      theme={themeQuartz}
      rowData={rows}
      pinnedBottomRowData={footerRow ? [footerRow] : undefined}
      columnDefs={columnDefs}
      domLayout="autoHeight"
      getRowId={(params) => String(params.data.id)}
      onSortChanged={onSortChanged}
      suppressMultiSort
      autoSizeStrategy={{
        type: 'fitCellContents',
        continuous: true,
        scaleUpToFitGridWidth: true,
        defaultMaxWidth: 420,
      }}
      tabToNextCell={() => false}
      tabToNextHeader={() => false}
      onCellKeyDown={onCellKeyDown}
      onCellFocused={onCellFocused}
      overlayNoRowsTemplate={`<span>${emptyText}</span>`}
    />
  )
}
