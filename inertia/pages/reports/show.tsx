import { Head, Link, router, usePage } from '@inertiajs/react'
import { AlertTriangle, ExternalLink } from 'lucide-react'
import { useMemo, useState } from 'react'
import { ReportChart } from '~/components/reports/report_chart'
import { ReportMapPanel } from '~/components/reports/report_map'
import type { ReportInputValues } from '~/components/reports/report_page_types'
import { ReportParameters, useParameterLabel } from '~/components/reports/report_parameters'
import { parameterQuery, reportParameters } from '~/components/reports/report_source'
import { ReportTable } from '~/components/reports/report_table'
import { ReportTotals } from '~/components/reports/report_totals'
import { ScheduleDialog, ScheduleList } from '~/components/reports/schedules'
import { Button } from '~/components/ui/button'
import type { GridColumn, GridModel, GridRow } from '~/grid/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { formatPeriod, reportTotals } from '#shared/report_values'
import { featureKey } from '#shared/report_map'
import type { MapSettings } from '~/components/map/types'
import type { Data } from '~generated/data'

/** The report page's props: its data types are generated from app/transformers/reports. */
type Props = {
  report: Data.Reports.Report
  input: ReportInputValues
  result: Data.Reports.ReportResult | null
  issues: { field: string; message: string }[]
  options: Data.Reports.ReportOptions
  schedules: Data.Reports.ScheduledReport[]
  canSchedule: boolean
  /** The tiles of the map beside the table (reports with a map only). */
  mapSettings: MapSettings | null
}

/**
 * One report: parameters (period picker, vehicles, groups, drivers, its own), totals, chart,
 * table (its first rows server-rendered, the data grid after), the map of its trips and stops
 * where it has one, exports and schedules.
 */
export default function ReportPage(props: Props) {
  const { report, input, result, issues, options, schedules, canSchedule, mapSettings } = props
  const { t, has, locale } = useI18n()
  const format = useFormat()
  const page = usePage()
  const route = useRoute()
  const path = page.url.split('?')[0]
  const [draft, setDraft] = useState<ReportInputValues>(input)
  const [scheduling, setScheduling] = useState(false)
  const [highlighted, setHighlighted] = useState<string | null>(null)
  const label = useParameterLabel(report.key)
  const parameters = (() => {
    const params = parameterQuery(input)
    params.sort()
    return params.toString()
  })()

  const values = useMemo(
    () => ({ locale, preferences: format.preferences, reportKey: report.key, t, has }),
    [locale, format.preferences, report.key, t, has]
  )

  function show(next: ReportInputValues) {
    const params = parameterQuery(next)
    const current = new URLSearchParams(page.url.split('?')[1] ?? '')
    for (const keep of ['perPage', 'fields']) {
      const value = current.get(keep)
      if (value) params.set(keep, value)
    }
    router.get(`${path}?${params}`, {}, { preserveScroll: true, preserveState: true })
  }

  const model = useMemo<GridModel>(
    () => ({
      key: `report-${report.slug}`,
      columns: report.columns.map<GridColumn>((column) => ({
        name: column.name,
        kind: column.kind,
        sortable: column.sortable,
        filterable: false,
        enumValues: column.enumValues,
      })),
      defaultFields: report.columns.map((column) => column.name),
      defaultSort: { column: '', order: 'asc' },
    }),
    [report]
  )
  const totals = useMemo(
    () => (result ? reportTotals(result.totals, report.columns, values, report.totalFields) : []),
    [result, report.columns, report.totalFields, values]
  )

  // A report of the present state (no period) names none.
  const periodText =
    result && report.hasPeriod
      ? formatPeriod(result.period.from, result.period.to, format.preferences)
      : ''
  const summary = [
    periodText,
    ...report.scope.flatMap((name) => {
      const chosen = ([] as string[]).concat(input[name] ?? [])
      if (chosen.length === 0) return []
      const list =
        name === 'groupId'
          ? options.groups
          : name === 'driverId'
            ? options.drivers
            : options.vehicles
      return [
        list
          .filter((item) => chosen.includes(String(item.id)))
          .map((item) => item.name)
          .join(', '),
      ]
    }),
  ]
    .filter(Boolean)
    .join(' · ')

  const mapColumn = report.map
  const onRowFocus = useMemo(
    () =>
      mapColumn
        ? (row: GridRow) => setHighlighted(featureKey(row.deviceId, row[mapColumn]))
        : undefined,
    [mapColumn]
  )
  const table = result && (
    <ReportTable
      key={parameters}
      report={report}
      model={model}
      path={path}
      parameters={parameters}
      result={result}
      issues={issues}
      totals={totals}
      values={values}
      onRowFocus={onRowFocus}
      url={
        // The rows' grid reads its table state from the address; while the page still
        // shows other parameters than the address holds (between two visits), it keeps
        // its own, so it never asks for rows of the parameters it does not show.
        reportParameters(page.url.split('?')[1] ?? '') === parameters
          ? page.url
          : `${path}?${parameters}`
      }
    />
  )

  return (
    <>
      <Head title={t(`report_pages.catalogue.${report.slug}.title`)} />
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3 print:hidden">
        <p className="max-w-2xl text-sm text-slate-600">
          {t(`report_pages.catalogue.${report.slug}.description`)}
        </p>
        {report.links.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {report.links.map((name) => (
              <Button key={name} variant="secondary" asChild>
                <Link href={route(name)} data-testid={`report-link-${name}`}>
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {t(`common.routes.${name}`)}
                </Link>
              </Button>
            ))}
          </div>
        )}
      </div>

      <ReportParameters
        report={report}
        draft={draft}
        setDraft={setDraft}
        show={show}
        options={options}
        values={values}
        onSchedule={canSchedule && result ? () => setScheduling(true) : null}
      />

      {issues.length > 0 && !result && (
        <div
          role="alert"
          className="mb-6 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          data-testid="report-issues"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            {issues.map((issue) => (
              <p key={`${issue.field}${issue.message}`}>{issue.message}</p>
            ))}
          </div>
        </div>
      )}

      {result && (
        <div className="space-y-6">
          {summary && (
            <p className="text-sm text-slate-700" data-testid="report-period">
              {report.hasPeriod && <span className="font-medium">{label('period')}: </span>}
              {summary}
            </p>
          )}
          <ReportTotals totals={totals} />
          {result.chart && <ReportChart chart={result.chart} values={values} />}
          {mapColumn && mapSettings ? (
            // Beside the table on a wide screen, below it on a phone.
            <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_28rem]">
              <div className="min-w-0">{table}</div>
              <ReportMapPanel
                key={parameters}
                url={`${path}/map?${parameters}`}
                settings={mapSettings}
                highlighted={highlighted}
              />
            </div>
          ) : (
            table
          )}
        </div>
      )}

      <ScheduleList schedules={schedules} canSchedule={canSchedule} />
      {scheduling && (
        <ScheduleDialog
          open
          onOpenChange={setScheduling}
          slug={report.slug}
          params={Object.fromEntries(parameterQuery(input))}
          paramsSummary={summary}
        />
      )}
    </>
  )
}
