import { Head } from '@inertiajs/react'
import { useMemo } from 'react'
import { ClipboardCheck, ClipboardList, Plane, Wrench } from 'lucide-react'
import { StatCard } from '~/components/cards/stat_card'
import { EChart } from '~/components/charts/echart'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

type Count = { key: string | null; count: number }

interface Props {
  vehiclesByStatus: Count[]
  vehiclesByLiveStatus: Count[]
  vehiclesByCategory: Count[]
  distancePerDay: { day: string; km: number }[]
  requests: Count[]
  leaveRequests: Count[]
  checks: { count: number; passed: number; average: number | null }
  driversByState: Count[]
}

/** Horizontal bars of counts by a label, for screen readers the same as a list. */
function CountsChart({
  title,
  rows,
  testId,
}: {
  title: string
  rows: { label: string; count: number }[]
  testId: string
}) {
  const { t } = useI18n()
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 24, top: 8, bottom: 4, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { color: '#64748b' } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: rows.map((row) => row.label),
        axisLabel: { color: '#334155' },
      },
      series: [
        {
          type: 'bar',
          name: title,
          data: rows.map((row) => row.count),
          barMaxWidth: 24,
          itemStyle: { color: '#0d9488', borderRadius: [0, 4, 4, 0] },
        },
      ],
    }),
    [rows, title]
  )
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-500">{t('messages.empty')}</p>
        ) : (
          <>
            <EChart
              option={option}
              label={rows.map((row) => `${row.label}: ${row.count}`).join(', ')}
              className="h-48"
              testId={testId}
            />
            <ul className="sr-only">
              {rows.map((row) => (
                <li key={row.label}>
                  {row.label}: {row.count}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** Fleet statistics: vehicles, distance per day, requests, checks and drivers. */
export default function FleetStats(props: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const title = useRouteTitle()
  const path = useRoute()
  const count = (rows: Count[], key: string) => rows.find((row) => row.key === key)?.count ?? 0
  const distanceOption = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 28, bottom: 4, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: props.distancePerDay.map((day) => format.calendarDate(day.day)),
        axisLabel: { color: '#64748b' },
      },
      yAxis: { type: 'value', name: 'km', axisLabel: { color: '#64748b' } },
      series: [
        {
          type: 'bar',
          name: t('fleet_flow.stats.distance'),
          data: props.distancePerDay.map((day) => day.km),
          barMaxWidth: 32,
          itemStyle: { color: '#0d9488', borderRadius: [4, 4, 0, 0] },
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.distancePerDay, t]
  )
  const totalKm = props.distancePerDay.reduce((sum, day) => sum + day.km, 0)
  return (
    <>
      <Head title={title} />
      <PageHeader />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t('fleet_flow.stats.open_requests')}
          value={count(props.requests, 'pending') + count(props.requests, 'approved')}
          icon={Wrench}
          tone="amber"
          href={path('fleet.request')}
          footer={t('fleet_flow.stats.pending_approved', {
            pending: count(props.requests, 'pending'),
            approved: count(props.requests, 'approved'),
          })}
          testId="stat-open-requests"
        />
        <StatCard
          label={t('fleet_flow.stats.open_leave')}
          value={count(props.leaveRequests, 'pending') + count(props.leaveRequests, 'approved')}
          icon={Plane}
          tone="blue"
          href={path('fleet.leave-request')}
          footer={t('fleet_flow.stats.on_leave_today', {
            count: count(props.driversByState, 'on_leave'),
          })}
          testId="stat-open-leave"
        />
        <StatCard
          label={t('fleet_flow.stats.checks_30_days')}
          value={props.checks.count}
          icon={ClipboardList}
          href={path('fleet.vehicle-check')}
          footer={
            props.checks.average === null
              ? undefined
              : t('fleet_flow.stats.average_score', {
                  average: format.number(props.checks.average, 2),
                })
          }
          testId="stat-checks"
        />
        <StatCard
          label={t('fleet_flow.stats.checks_passed')}
          value={props.checks.passed}
          icon={ClipboardCheck}
          tone="green"
          href={path('fleet.successful-vehicle')}
          testId="stat-checks-passed"
        />
      </div>
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>{t('fleet_flow.stats.distance_14_days')}</CardTitle>
        </CardHeader>
        <CardContent>
          <EChart
            option={distanceOption}
            label={t('fleet_flow.stats.distance_chart', { km: format.number(totalKm, 1) })}
            className="h-64"
            testId="stats-distance-chart"
          />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <CountsChart
          title={t('fleet_flow.stats.by_status')}
          testId="stats-by-status"
          rows={props.vehiclesByStatus.map((row) => ({
            label: t(`crud.devices.values.status.${row.key}`),
            count: row.count,
          }))}
        />
        <CountsChart
          title={t('fleet_flow.stats.by_live_status')}
          testId="stats-by-live-status"
          rows={props.vehiclesByLiveStatus.map((row) => ({
            label: t(`fleet_flow.stats.live.${row.key ?? 'offline'}`),
            count: row.count,
          }))}
        />
        <CountsChart
          title={t('fleet_flow.stats.by_category')}
          testId="stats-by-category"
          rows={props.vehiclesByCategory.map((row) => ({
            label: row.key ?? t('fleet_flow.stats.no_category'),
            count: row.count,
          }))}
        />
        <CountsChart
          title={t('fleet_flow.stats.drivers')}
          testId="stats-drivers"
          rows={props.driversByState.map((row) => ({
            label: t(`crud.drivers.values.status.${row.key}`),
            count: row.count,
          }))}
        />
      </div>
    </>
  )
}
