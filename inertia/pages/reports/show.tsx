import { Head, router, usePage } from '@inertiajs/react'
import { AlertTriangle, CalendarClock, FileText, Search } from 'lucide-react'
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react'
import {
  PeriodPicker,
  presetDays,
  type PeriodPreset,
  type PeriodValue,
} from '~/components/form/period_picker'
import { ReportChart, type ReportChartData } from '~/components/reports/report_chart'
import { ScheduleDialog, ScheduleList, type ScheduleItem } from '~/components/reports/schedules'
import { Button } from '~/components/ui/button'
import { Grid } from '~/grid/grid'
import type {
  GridColumn,
  GridIssue,
  GridModel,
  GridPresentation,
  GridRow,
  ListPage,
  ListSource,
} from '~/grid/types'
import { useGridState } from '~/grid/use_grid_state'
import { formatNumber, useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import {
  formatPeriod,
  formatReportValue,
  inputChoiceLabel,
  reportTotals,
  type ReportColumnView,
} from '#shared/report_values'
import { playbackQuery, type PlaybackColumns } from '#shared/report_links'
import { useRoute } from '~/lib/routes'
import { PlaceAttribution } from '~/components/geocoding/place_attribution'

type ReportInputMeta = {
  name: string
  kind: 'number' | 'text' | 'boolean' | 'enum'
  options: string[]
  multiple: boolean
  optional: boolean
  min: number | null
  max: number | null
  step: number | null
  unit: string | null
  default: string | null
}

type ReportRowData = Record<string, string | number | boolean | null>

type ReportPageProps = {
  report: {
    slug: string
    key: string
    columns: {
      name: string
      kind: ReportColumnView['kind']
      unit: ReportColumnView['unit']
      enumValues: string[] | null
      sortable: boolean
    }[]
    scope: ('deviceId' | 'deviceIds' | 'groupId' | 'driverId')[]
    inputs: ReportInputMeta[]
    hasChart: boolean
    exportRowLimit: number
    playback: PlaybackColumns | null
  }
  input: Record<string, string | string[]>
  result: {
    page: {
      data: (ReportRowData & { id: number })[]
      meta: {
        total: number
        totalIsLowerBound: boolean
        page: number
        perPage: number
        lastPage: number
      }
    }
    totals: Record<string, number>
    chart: ReportChartData | null
    period: { kind: string; from: string; to: string }
  } | null
  issues: { field: string; message: string }[]
  options: {
    vehicles: { id: number; name: string }[]
    groups: { id: number; name: string }[]
    drivers: { id: number; name: string }[]
  }
  schedules: ScheduleItem[]
  canSchedule: boolean
}

const reportPeriods = ['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month']
const pickerPresets: PeriodPreset[] = [
  'today',
  'yesterday',
  'last_7_days',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
]
const TOTALS = '__totals'
const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none'

/** The report's parameters as a query string (empty ones left out, lists comma-separated). */
function parameterQuery(input: Record<string, string | string[]>) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(input)) {
    const text = Array.isArray(value) ? value.join(',') : value
    if (text !== '' && text !== undefined) params.set(name, text)
  }
  return params
}

const tableKeys = new Set(['page', 'perPage', 'sort', 'order', 'fields'])

/** The report parameters of a query string, without the table's own keys, in a stable order. */
function reportParameters(search: string) {
  const params = new URLSearchParams(search)
  for (const key of tableKeys) params.delete(key)
  params.sort()
  return params.toString()
}

/** Rows of the report as a grid source: paging and sorting reload only the rows, in the URL. */
function useReportSource(
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

/** One report: parameters (period picker, vehicles, groups, drivers, its own), totals, chart, table, exports, schedules. */
export default function ReportPage(props: ReportPageProps) {
  const { report, input, result, issues, options, schedules, canSchedule } = props
  const { t, has, locale } = useI18n()
  const format = useFormat()
  const page = usePage()
  const path = page.url.split('?')[0]
  const [draft, setDraft] = useState<Record<string, string | string[]>>(input)
  const [scheduling, setScheduling] = useState(false)
  const parameters = (() => {
    const params = parameterQuery(input)
    params.sort()
    return params.toString()
  })()

  const values = useMemo(
    () => ({
      locale,
      preferences: format.preferences,
      reportKey: report.key,
      t,
      has,
    }),
    [locale, format.preferences, report.key, t, has]
  )
  const label = (name: string) => {
    const own = `reports.${report.key}.parameters.${name}`
    return t(own) !== own ? t(own) : t(`report_pages.parameters.${name}`)
  }

  function show(next: Record<string, string | string[]>) {
    const params = parameterQuery(next)
    const current = new URLSearchParams(page.url.split('?')[1] ?? '')
    for (const keep of ['perPage', 'fields']) {
      const value = current.get(keep)
      if (value) params.set(keep, value)
    }
    router.get(`${path}?${params}`, {}, { preserveScroll: true, preserveState: true })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    show(draft)
  }

  // The period: a report period kind, or a custom range of local dates.
  const period = String(draft.period ?? 'today')
  const pickerValue: PeriodValue =
    period === 'custom'
      ? { preset: null, from: String(draft.from ?? ''), to: String(draft.to ?? '') }
      : (() => {
          const [from, to] = presetDays(period as PeriodPreset, format.preferences.timezone)
          return { preset: period as PeriodPreset, from, to }
        })()
  function changePeriod(value: PeriodValue) {
    const next = { ...draft }
    delete next.from
    delete next.to
    if (value.preset && reportPeriods.includes(value.preset)) next.period = value.preset
    else Object.assign(next, { period: 'custom', from: value.from, to: value.to })
    setDraft(next)
    show(next)
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
    () => (result ? reportTotals(result.totals, report.columns, values) : []),
    [result, report.columns, values]
  )

  const periodText = result
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

  const select = (
    name: 'deviceId' | 'groupId' | 'driverId',
    list: { id: number; name: string }[],
    all: string
  ) => (
    <label key={name} className="block text-sm">
      <span className="mb-1 block font-medium text-slate-700">{label(name)}</span>
      <select
        name={name}
        className={control}
        value={String(draft[name] ?? '')}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        data-testid={`report-${name}`}
      >
        <option value="">{t(`report_pages.parameters.${all}`)}</option>
        {list.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <>
      <Head title={t(`report_pages.catalogue.${report.slug}.title`)} />
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3 print:hidden">
        <p className="max-w-2xl text-sm text-slate-600">
          {t(`report_pages.catalogue.${report.slug}.description`)}
        </p>
      </div>

      <form
        onSubmit={submit}
        aria-label={t('report_pages.parameters.legend')}
        className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3 print:hidden"
        data-testid="report-parameters"
      >
        <div className="text-sm sm:col-span-2 lg:col-span-3">
          <span className="mb-1 block font-medium text-slate-700">{label('period')}</span>
          <PeriodPicker value={pickerValue} onChange={changePeriod} presets={pickerPresets} />
        </div>
        {/* One vehicle filter: where the report takes a list, "Vehicles" alone (a single
            "Vehicle" stays only for a link or schedule that chose one that way). */}
        {report.scope.includes('deviceId') &&
          (!report.scope.includes('deviceIds') || Boolean(draft.deviceId)) &&
          select('deviceId', options.vehicles, 'all_vehicles')}
        {report.scope.includes('deviceIds') && (
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">{label('deviceIds')}</span>
            <select
              multiple
              name="deviceIds"
              className={`${control} h-28`}
              value={([] as string[]).concat(draft.deviceIds ?? [])}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  deviceIds: [...event.target.selectedOptions].map((option) => option.value),
                })
              }
              data-testid="report-deviceIds"
            >
              {options.vehicles.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {report.scope.includes('groupId') && select('groupId', options.groups, 'all_groups')}
        {report.scope.includes('driverId') && select('driverId', options.drivers, 'all_drivers')}
        {report.inputs.map((item) => {
          // A field left empty runs with the report's default: the field shows it.
          const value = draft[item.name] ?? item.default ?? ''
          const set = (next: string | string[]) => setDraft({ ...draft, [item.name]: next })
          const caption = (
            <span className="mb-1 block font-medium text-slate-700">
              {label(item.name)}
              {item.unit ? ` (${item.unit})` : ''}
            </span>
          )
          const choice = (option: string) => inputChoiceLabel(item.name, option, values)
          if (item.kind === 'enum' || item.kind === 'boolean') {
            const choices = item.kind === 'boolean' ? ['true', 'false'] : item.options
            return (
              <label key={item.name} className="block text-sm">
                {caption}
                <select
                  name={item.name}
                  multiple={item.multiple}
                  className={item.multiple ? `${control} h-28` : control}
                  value={item.multiple ? ([] as string[]).concat(value) : String(value)}
                  onChange={(event) =>
                    set(
                      item.multiple
                        ? [...event.target.selectedOptions].map((option) => option.value)
                        : event.target.value
                    )
                  }
                  data-testid={`report-${item.name}`}
                >
                  {!item.multiple && <option value="">{t('report_pages.parameters.any')}</option>}
                  {choices.map((option) => (
                    <option key={option} value={option}>
                      {item.kind === 'boolean'
                        ? t(`report_pages.parameters.${option === 'true' ? 'yes' : 'no'}`)
                        : choice(option)}
                    </option>
                  ))}
                </select>
              </label>
            )
          }
          return (
            <label key={item.name} className="block text-sm">
              {caption}
              <input
                name={item.name}
                type={item.kind === 'number' ? 'number' : 'text'}
                min={item.min ?? undefined}
                max={item.max ?? undefined}
                step={item.step ?? (item.kind === 'number' ? 'any' : undefined)}
                className={control}
                value={String(value)}
                onChange={(event) => set(event.target.value)}
                data-testid={`report-${item.name}`}
              />
            </label>
          )
        })}
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit" data-testid="report-submit">
            <Search className="size-4" aria-hidden="true" />
            {t('report_pages.parameters.apply')}
          </Button>
          {canSchedule && result && (
            <Button
              variant="outline"
              onClick={() => setScheduling(true)}
              data-testid="report-schedule"
            >
              <CalendarClock className="size-4" aria-hidden="true" />
              {t('report_pages.schedules.schedule')}
            </Button>
          )}
        </div>
      </form>

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
          <p className="text-sm text-slate-700" data-testid="report-period">
            <span className="font-medium">{label('period')}:</span> {summary}
          </p>
          {totals.length > 0 && (
            <section aria-labelledby="report-totals">
              <h2 id="report-totals" className="mb-2 text-base font-semibold text-slate-900">
                {t('report_pages.page.totals')}
              </h2>
              <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="report-totals">
                {totals.map((total) => (
                  <div
                    key={total.name}
                    className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
                  >
                    {total.label ? (
                      <>
                        <dt className="text-xs text-slate-600">{total.label}</dt>
                        <dd className="text-lg font-semibold text-slate-900">{total.text}</dd>
                      </>
                    ) : (
                      <dd className="text-lg font-semibold text-slate-900">{total.text}</dd>
                    )}
                  </div>
                ))}
              </dl>
            </section>
          )}
          {result.chart && <ReportChart chart={result.chart} values={values} />}
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
            url={
              // The rows' grid reads its table state from the address; while the page still
              // shows other parameters than the address holds (between two visits), it keeps
              // its own, so it never asks for rows of the parameters it does not show.
              reportParameters(page.url.split('?')[1] ?? '') === parameters
                ? page.url
                : `${path}?${parameters}`
            }
          />
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

function ReportTable({
  report,
  model,
  path,
  parameters,
  result,
  issues,
  totals,
  values,
  url,
}: {
  report: ReportPageProps['report']
  model: GridModel
  path: string
  parameters: string
  result: NonNullable<ReportPageProps['result']>
  issues: GridIssue[]
  totals: ReturnType<typeof reportTotals>
  values: Parameters<typeof formatReportValue>[2]
  url: string
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

  return (
    <Grid<GridRow>
      model={model}
      source={source}
      grid={grid}
      presentation={presentation}
      footerRow={footerRow}
      below={
        <>
          {result.page.meta.total > report.exportRowLimit ||
          (result.page.meta.totalIsLowerBound &&
            result.page.meta.total >= report.exportRowLimit) ? (
            <p role="note" className="text-sm text-slate-600" data-testid="export-limit">
              {t('report_exports.limit', { limit: formatNumber(report.exportRowLimit, locale) })}
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
  )
}
