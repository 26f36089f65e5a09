import { Head } from '@inertiajs/react'
import { useMemo } from 'react'
import { ClipboardCheck, ClipboardList, Plane, Wrench, type LucideIcon } from 'lucide-react'
import type { RouteName } from '#shared/route_table'
import { StatCard } from '~/components/cards/stat_card'
import { EChart } from '~/components/charts/echart'
import { PageHeader, useRouteTitle } from '~/components/page_header'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import type { Data } from '~generated/data'

type Props = Data.Fleet.FleetStats
type Count = Props['requests'][number]

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
  // Requests and leave requests still open: waiting for approval, or approved and not done.
  const open = (rows: Count[]) => ({
    pending: count(rows, 'pending'),
    approved: count(rows, 'approved'),
  })
  const requests = open(props.requests)
  const leave = open(props.leaveRequests)
  /** A card's label, icon, link to its records and test id. */
  const card = (name: string, icon: LucideIcon, route: RouteName, testId: string) => ({
    label: t(`fleet_flow.stats.${name}`),
    icon,
    href: path(route),
    testId,
  })
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
          {...card('open_requests', Wrench, 'fleet.request', 'stat-open-requests')}
          value={requests.pending + requests.approved}
          tone="amber"
          footer={t('fleet_flow.stats.pending_approved', requests)}
        />
        <StatCard
          {...card('open_leave', Plane, 'fleet.leave-request', 'stat-open-leave')}
          value={leave.pending + leave.approved}
          tone="blue"
          footer={t('fleet_flow.stats.on_leave_today', {
            count: count(props.driversByState, 'on_leave'),
          })}
        />
        <StatCard
          {...card('checks_30_days', ClipboardList, 'fleet.vehicle-check', 'stat-checks')}
          value={props.checks.count}
          footer={
            props.checks.average === null
              ? undefined
              : t('fleet_flow.stats.average_score', {
                  average: format.number(props.checks.average, 2),
                })
          }
        />
        <StatCard
          {...card(
            'checks_passed',
            ClipboardCheck,
            'fleet.successful-vehicle',
            'stat-checks-passed'
          )}
          value={props.checks.passed}
          tone="green"
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
