import { Head } from '@inertiajs/react'
import { useMemo, useState } from 'react'
import { ClipboardCheck } from 'lucide-react'
import { EChart } from '~/components/charts/echart'
import { EmptyState } from '~/components/empty_state'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { PeriodFilter } from '~/components/period_filter'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'

interface Props {
  period: { from: string; to: string }
  deviceId: number | null
  vehicles: { id: number; name: string; plate: string | null }[]
  items: string[]
  report: {
    vehicles: {
      id: number
      name: string
      plate: string | null
      checks: number
      average: number | null
      latest: string
      passes: boolean
      items: Record<string, number | null>
    }[]
    weekly: { vehicle: string; week: string; average: number | null }[]
    checks: {
      id: number
      checkDate: string
      type: string
      driver: string | null
      average: number | null
      items: Record<string, number>
    }[]
  }
}

/** A score's cell: red below 3, amber below 4 (the pass rule of successful vehicles). */
function scoreClass(value: number | null) {
  if (value === null) return 'text-slate-400'
  if (value < 3) return 'bg-red-50 text-red-800'
  if (value < 4) return 'bg-amber-50 text-amber-900'
  return 'text-slate-900'
}

function WeeklyChart({ weekly }: { weekly: Props['report']['weekly'] }) {
  const { t } = useI18n()
  const format = useFormat()
  const option = useMemo(() => {
    const weeks = [...new Set(weekly.map((row) => row.week))].sort()
    const names = [...new Set(weekly.map((row) => row.vehicle))]
    return {
      grid: { left: 8, right: 16, top: 40, bottom: 4, containLabel: true },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      xAxis: {
        type: 'category',
        data: weeks.map((week) => format.calendarDate(week)),
        axisLabel: { color: '#64748b' },
      },
      yAxis: { type: 'value', min: 1, max: 5, axisLabel: { color: '#64748b' } },
      series: names.map((name) => ({
        type: 'line',
        name,
        connectNulls: true,
        data: weeks.map(
          (week) => weekly.find((row) => row.vehicle === name && row.week === week)?.average ?? null
        ),
      })),
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [weekly])
  return (
    <EChart
      option={option}
      label={t('fleet_flow.check_reports.chart_label')}
      className="h-64"
      testId="check-chart"
    />
  )
}

/** Vehicle check scores per vehicle and item over a period, and one vehicle's checks. */
export default function VehicleCheckReports({ period, deviceId, vehicles, items, report }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const title = useRouteTitle()
  const [device, setDevice] = useState(deviceId ? String(deviceId) : '')
  const label = (item: string) => t(`crud.vehicle_checks.fields.${item}`)
  return (
    <>
      <Head title={title} />
      <PageHeader
        description={t('fleet_flow.check_reports.description')}
        actions={
          <RouteLink route="forms.vehicle-check" className="text-sm text-brand-700 underline">
            {t('common.routes.forms.vehicle-check')}
          </RouteLink>
        }
      />
      <PeriodFilter period={period} extra={{ device }}>
        <div className="space-y-1">
          <label htmlFor="check-device" className="block text-sm font-medium text-slate-700">
            {t('crud.table.vehicle')}
          </label>
          <select
            id="check-device"
            className="block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            value={device}
            onChange={(event) => setDevice(event.target.value)}
          >
            <option value="">{t('crud.table.all_vehicles')}</option>
            {vehicles.map((vehicle) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.name}
              </option>
            ))}
          </select>
        </div>
      </PeriodFilter>

      {report.vehicles.length === 0 ? (
        <EmptyState icon={ClipboardCheck} />
      ) : (
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>{t('fleet_flow.check_reports.over_time')}</CardTitle>
            </CardHeader>
            <CardContent>
              <WeeklyChart weekly={report.weekly} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('fleet_flow.check_reports.per_vehicle')}</CardTitle>
            </CardHeader>
            <CardContent className="overflow-x-auto">
              <table className="min-w-full text-sm" data-testid="check-scores">
                <thead>
                  <tr className="text-left text-slate-600">
                    <th scope="col" className="py-2 pr-3">
                      {t('crud.vehicle_checks.fields.device')}
                    </th>
                    <th scope="col" className="px-2 py-2">
                      {t('fleet_flow.check_reports.checks')}
                    </th>
                    <th scope="col" className="px-2 py-2">
                      {t('crud.vehicle_checks.fields.average')}
                    </th>
                    {items.map((item) => (
                      <th key={item} scope="col" className="px-2 py-2 whitespace-nowrap">
                        {label(item)}
                      </th>
                    ))}
                    <th scope="col" className="px-2 py-2">
                      {t('fleet_flow.check_reports.latest')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {report.vehicles.map((vehicle) => (
                    <tr key={vehicle.id}>
                      <th scope="row" className="py-2 pr-3 text-left font-medium">
                        {vehicle.name}
                        {vehicle.plate && (
                          <span className="block text-xs text-slate-500">{vehicle.plate}</span>
                        )}
                      </th>
                      <td className="px-2 py-2 tabular-nums">{vehicle.checks}</td>
                      <td className={`px-2 py-2 tabular-nums ${scoreClass(vehicle.average)}`}>
                        {vehicle.average === null ? '—' : format.number(vehicle.average, 2)}
                      </td>
                      {items.map((item) => (
                        <td
                          key={item}
                          className={`px-2 py-2 tabular-nums ${scoreClass(vehicle.items[item])}`}
                        >
                          {vehicle.items[item] === null
                            ? '—'
                            : format.number(vehicle.items[item]!, 2)}
                        </td>
                      ))}
                      <td className="px-2 py-2 whitespace-nowrap">
                        {format.calendarDate(vehicle.latest)}{' '}
                        <Badge tone={vehicle.passes ? 'green' : 'red'}>
                          {t(
                            vehicle.passes
                              ? 'fleet_flow.check_reports.passes'
                              : 'fleet_flow.check_reports.fails'
                          )}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </CardContent>
          </Card>
          {deviceId && (
            <Card>
              <CardHeader>
                <CardTitle>{t('fleet_flow.check_reports.checks_of_vehicle')}</CardTitle>
              </CardHeader>
              <CardContent className="overflow-x-auto">
                <table className="min-w-full text-sm" data-testid="vehicle-checks">
                  <thead>
                    <tr className="text-left text-slate-600">
                      <th scope="col" className="py-2 pr-3">
                        {t('crud.vehicle_checks.fields.check_date')}
                      </th>
                      <th scope="col" className="px-2 py-2">
                        {t('crud.vehicle_checks.fields.type')}
                      </th>
                      <th scope="col" className="px-2 py-2">
                        {t('crud.vehicle_checks.fields.driver')}
                      </th>
                      <th scope="col" className="px-2 py-2">
                        {t('crud.vehicle_checks.fields.average')}
                      </th>
                      {items.map((item) => (
                        <th key={item} scope="col" className="px-2 py-2 whitespace-nowrap">
                          {label(item)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {report.checks.map((check) => (
                      <tr key={check.id}>
                        <th scope="row" className="py-2 pr-3 text-left font-medium">
                          {format.calendarDate(check.checkDate)}
                        </th>
                        <td className="px-2 py-2">
                          {t(`crud.vehicle_checks.values.type.${check.type}`)}
                        </td>
                        <td className="px-2 py-2">{check.driver ?? '—'}</td>
                        <td className={`px-2 py-2 tabular-nums ${scoreClass(check.average)}`}>
                          {check.average === null ? '—' : format.number(check.average, 2)}
                        </td>
                        {items.map((item) => (
                          <td
                            key={item}
                            className={`px-2 py-2 tabular-nums ${scoreClass(check.items[item])}`}
                          >
                            {check.items[item]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
          )}
        </div>
      )}
    </>
  )
}
