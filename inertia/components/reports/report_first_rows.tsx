import type { GridColumn, GridPresentation, GridRow } from '~/grid/types'
import { useI18n } from '~/lib/i18n'

/** The rows the server renders as plain HTML: enough for the first screen. */
export const FIRST_ROWS = 15

/**
 * The report's first rows as a plain table, server-rendered: the reader sees them with the
 * page's first paint, while the data grid (AG Grid, a large script) loads and replaces it
 * with every row of the page, sorting and keyboard navigation. Cells read as in the grid
 * (the same presentation, links to the playback included).
 */
export function ReportFirstRows({
  columns,
  rows,
  presentation,
  total,
}: {
  columns: GridColumn[]
  rows: GridRow[]
  presentation: GridPresentation<GridRow>
  total: number
}) {
  const { t } = useI18n()
  if (rows.length === 0) {
    return (
      <p
        className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600"
        data-testid="report-no-rows"
        data-report-row
      >
        {t('messages.empty')}
      </p>
    )
  }
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
      aria-busy="true"
      data-testid="report-first-rows"
    >
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.name} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                {presentation.header(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">
          {rows.slice(0, FIRST_ROWS).map((row) => (
            <tr key={String(row.id)} data-report-row>
              {columns.map((column) => (
                <td
                  key={column.name}
                  className="max-w-[26rem] truncate px-3 py-2 whitespace-nowrap"
                >
                  {presentation.cell?.(column, row[column.name], row) ??
                    presentation.text(column, row[column.name], row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {total > FIRST_ROWS && (
        <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600" role="status">
          {t('report_pages.page.loading_rows')}
        </p>
      )}
    </div>
  )
}
