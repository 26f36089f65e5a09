import { useMemo } from 'react'
import { EChart } from '~/components/charts/echart'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { chartSeriesLabel, type ReportValueContext } from '#shared/report_values'
import { numberFormat } from '#shared/number_format'

export type ReportChartData = {
  type: 'bar' | 'line' | 'pie'
  /** The chart's own title (`reports.<key>.chart.<title>`); then the series have a legend. */
  title?: string
  labels: string[]
  series: { name: string; data: number[] }[]
}

/**
 * A report's chart (ECharts bar or line; a pie reads as bars), numbers in the page's
 * language, dates of the axis in the user's format, and the same figures as a table for
 * screen readers and print.
 */
export function ReportChart({
  chart,
  values,
}: {
  chart: ReportChartData
  values: ReportValueContext
}) {
  const { t, locale } = useI18n()
  const format = useFormat()
  const seriesName = (name: string) => chartSeriesLabel(name, values)
  const label = (value: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? format.calendarDate(value) : value
  // A chart with a title of its own names its series in a legend; else the title names them.
  const withLegend = chart.series.length > 1 || Boolean(chart.title)
  const option = useMemo(() => {
    const number = (value: number) => numberFormat(locale).format(value)
    return {
      animation: false,
      // Distinct colours, each with at least 3:1 contrast on white.
      color: ['#2563eb', '#c2410c', '#047857', '#7c3aed', '#be123c', '#0e7490'],
      legend: withLegend ? { top: 0 } : undefined,
      grid: { left: 56, right: 16, top: withLegend ? 40 : 24, bottom: 40 },
      tooltip: { trigger: 'axis', valueFormatter: (value: number) => number(value) },
      xAxis: { type: 'category', data: chart.labels.map(label) },
      yAxis: { type: 'value', axisLabel: { formatter: number } },
      series: chart.series.map((series) => ({
        name: seriesName(series.name),
        type: chart.type === 'line' ? 'line' : 'bar',
        data: series.data,
      })),
    }
    // The labels depend on the language and the user's format only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chart, locale, format])
  const title = chart.title
    ? seriesName(chart.title)
    : chart.series.map((series) => seriesName(series.name)).join(', ')

  if (chart.labels.length === 0) return null
  return (
    <figure
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="report-chart"
    >
      <figcaption className="mb-2 text-sm font-semibold text-slate-900">{title}</figcaption>
      <EChart option={option} label={title} className="h-64 w-full print:hidden" />
      <details className="mt-2 text-sm print:block">
        <summary className="cursor-pointer text-slate-600">{t('report_pages.page.chart')}</summary>
        <table className="mt-2 min-w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-4 font-medium">
                &nbsp;
              </th>
              {chart.series.map((series) => (
                <th key={series.name} scope="col" className="pr-4 font-medium">
                  {seriesName(series.name)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.labels.map((value, index) => (
              <tr key={value}>
                <th scope="row" className="pr-4 font-normal">
                  {label(value)}
                </th>
                {chart.series.map((series) => (
                  <td key={series.name} className="pr-4">
                    {format.number(series.data[index] ?? 0, 2)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
