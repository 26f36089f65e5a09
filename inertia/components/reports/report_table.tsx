import { FileText } from 'lucide-react'
import { lazy, Suspense, useMemo } from 'react'
import { ClientOnly } from '~/components/map/client_only'
import { PlaceAttribution } from '~/components/geocoding/place_attribution'
import { ReportFirstRows } from '~/components/reports/report_first_rows'
import type { Data } from '~generated/data'
import { useReportSource } from '~/components/reports/report_source'
import { Button } from '~/components/ui/button'
import type { Grid as GridComponent } from '~/grid/grid'
import type { GridIssue, GridModel, GridPresentation, GridRow } from '~/grid/types'
import { useGridState } from '~/grid/use_grid_state'
import { formatNumber } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { formatReportValue, type reportTotals } from '#shared/report_values'
import { playbackQuery } from '#shared/report_links'

/**
 * The data grid (AG Grid) is a large script the first paint does not need: it loads after
 * the page, while the server-rendered first rows stand in for it.
 */
const loadGrid = () =>
  import('~/grid/grid').then((module) => ({ default: module.Grid as typeof GridComponent }))

// In the browser the grid's code starts loading with the page, while React hydrates it.
if (typeof window !== 'undefined') void loadGrid()

const Grid = lazy(loadGrid) as unknown as typeof GridComponent

const TOTALS = '__totals'

/** The report's rows: the data grid with its totals row, exports and playback links. */
export function ReportTable({
  report,
  model,
  path,
  parameters,
  result,
  issues,
  totals,
  values,
  url,
  onRowFocus,
}: {
  report: Data.Reports.Report
  model: GridModel
  path: string
  parameters: string
  result: Data.Reports.ReportResult
  issues: GridIssue[]
  totals: ReturnType<typeof reportTotals>
  values: Parameters<typeof formatReportValue>[2]
  url: string
  /** A row was chosen in the grid (the page highlights it on its map). */
  onRowFocus?: (row: GridRow) => void
}) {
  const { t, locale } = useI18n()
  const source = useReportSource(
    path,
    parameters,
    result.page,
    issues,
    t('report_pages.page.load_failed')
  )
  const grid = useGridState(model, source, url, { fields: model.defaultFields, perPage: 25 })
  const byName = useMemo(
    () => new Map(report.columns.map((column) => [column.name, column])),
    [report.columns]
  )
  const route = useRoute()
  const historyPath = route('history')
  const playback = report.playback
  // The row's time and its places open the vehicle's history playback at that moment.
  const linked = useMemo(
    () =>
      new Set(
        playback
          ? [
              playback.time,
              ...report.columns
                .filter((column) => /Place$|^place$/.test(column.name))
                .map((column) => column.name),
            ]
          : []
      ),
    [playback, report.columns]
  )

  const presentation = useMemo<GridPresentation<GridRow>>(
    () => ({
      header: (column) => t(`reports.${report.key}.columns.${column.name}`),
      text: (column, value, row) => {
        if (row.id === TOTALS) return value === undefined || value === null ? '' : String(value)
        const view = byName.get(column.name)
        return view ? formatReportValue(view, value, values) || '—' : String(value ?? '')
      },
      cell: (column, value, row) => {
        if (row.id === TOTALS) {
          return <strong>{value === undefined || value === null ? '' : String(value)}</strong>
        }
        if (!playback || !linked.has(column.name)) return undefined
        const query = playbackQuery(row, playback)
        const view = byName.get(column.name)
        if (!query || !view || value === null || value === undefined) return undefined
        return (
          <a
            href={`${historyPath}?${query}`}
            className="text-brand-700 underline decoration-dotted underline-offset-2 hover:text-brand-900"
            title={t('geocoding.play_back')}
            data-testid="report-playback-link"
          >
            {formatReportValue(view, value, values) || '—'}
          </a>
        )
      },
    }),
    [byName, report.key, t, values, playback, linked, historyPath]
  )

  const footerRow = useMemo<GridRow | undefined>(() => {
    const inColumns = totals.filter((total) => total.column)
    if (inColumns.length === 0) return undefined
    const row: GridRow = { id: TOTALS }
    for (const total of inColumns) row[total.name] = total.text
    const first = grid.state.fields.map((name) => byName.get(name)).find(Boolean)
    if (first && first.kind === 'text' && row[first.name] === undefined)
      row[first.name] = t('report_pages.page.totals')
    return row
  }, [totals, grid.state.fields, byName, t])

  const hasPlaces = report.columns.some((column) => /Place$|^place$/.test(column.name))

  const pdfUrl = source
    .exportUrl(new URLSearchParams(grid.query), 'csv')
    .replace('format=csv', 'format=pdf')

  const columnsByName = useMemo(
    () => new Map(model.columns.map((column) => [column.name, column])),
    [model.columns]
  )
  const firstRows = (
    <div className="space-y-4">
      <ReportFirstRows
        columns={grid.state.fields.flatMap((name) => columnsByName.get(name) ?? [])}
        rows={grid.page?.data ?? []}
        presentation={presentation}
        total={grid.page?.data.length ?? 0}
      />
      {hasPlaces && <PlaceAttribution />}
    </div>
  )

  return (
    <ClientOnly fallback={firstRows}>
      <Suspense fallback={firstRows}>
        <Grid<GridRow>
          model={model}
          source={source}
          grid={grid}
          presentation={presentation}
          footerRow={footerRow}
          onRowFocus={onRowFocus}
          below={
            <>
              {result.page.meta.total > report.exportRowLimit ||
              (result.page.meta.totalIsLowerBound &&
                result.page.meta.total >= report.exportRowLimit) ? (
                <p role="note" className="text-sm text-slate-600" data-testid="export-limit">
                  {t('report_exports.limit', {
                    limit: formatNumber(report.exportRowLimit, locale),
                  })}
                </p>
              ) : null}
              {/* Place names come from GeoNames, whose licence asks for the credit. */}
              {hasPlaces && <PlaceAttribution />}
            </>
          }
          toolbar={
            <Button asChild variant="outline" size="sm">
              <a href={pdfUrl} download data-testid="export-pdf">
                <FileText className="size-4" aria-hidden="true" />
                {t('report_pages.page.export_pdf')}
              </a>
            </Button>
          }
        />
      </Suspense>
    </ClientOnly>
  )
}
