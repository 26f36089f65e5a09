import { Head, usePage } from '@inertiajs/react'
import {
  AlarmClock,
  BellRing,
  CalendarClock,
  Gauge,
  MapPinned,
  Navigation,
  PauseCircle,
  Route as RouteIcon,
  SquareParking,
  Timer,
  WifiOff,
  type LucideIcon,
} from 'lucide-react'
import { useMemo } from 'react'
import type { LiveMessage } from '#tracking/live_channel'
import { EChart } from '~/components/charts/echart'
import { isAlarmEvent, useAlarmText } from '~/components/cards/alarm_text'
import { DaysRemaining } from '~/components/cards/days_remaining'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import { MaintenanceCard, type MaintenanceItem } from '~/components/cards/maintenance_card'
import { RenewalsCard } from '~/components/cards/renewals_card'
import type { RenewalRow } from '#shared/renewals'
import { LiveIndicator } from '~/components/cards/live_indicator'
import { StatCard, type StatTone } from '~/components/cards/stat_card'
import { statusColors } from '~/components/map/status_style'
import type { LiveStatus, Preferences } from '~/components/map/types'
import { Button } from '~/components/ui/button'
import { ColumnHeaders } from '~/components/ui/table'
import { useLiveUpdates, useThrottledReload } from '~/hooks/use_live_updates'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'
import type { SharedProps } from '~/types'
import type { Data } from '~generated/data'

type FleetCounts = Record<LiveStatus, number> & { total: number }

/** Generated from app/transformers/live/alarm_transformer.ts. */
type AlarmItem = Data.Live.Alarm

/** Generated from app/transformers/live/licence_transformer.ts. */
type LicenceItem = Data.Live.Licence

/** Every prop but the shared ones is optional: each is reloaded on its own. */
type DashboardProps = {
  preferences?: Preferences
  fleet?: FleetCounts
  today?: { distance: number; drivingSeconds: number; trips: number; alarms: number }
  recentAlarms?: AlarmItem[]
  expiringLicences?: LicenceItem[]
  distanceByDay?: { day: string; distance: number }[]
  maintenanceDue?: MaintenanceItem[]
  renewalsDue?: RenewalRow[]
}

const statusCards: { status: LiveStatus; icon: LucideIcon; tone: StatTone }[] = [
  { status: 'moving', icon: Navigation, tone: 'green' },
  { status: 'idle', icon: PauseCircle, tone: 'amber' },
  { status: 'stopped', icon: SquareParking, tone: 'blue' },
  { status: 'offline', icon: WifiOff, tone: 'slate' },
]

/** The back-office home: live fleet status, today's driving and alarms, licences ending soon. */
export default function Dashboard({
  fleet,
  today,
  recentAlarms,
  expiringLicences,
  distanceByDay,
  maintenanceDue,
  renewalsDue,
}: DashboardProps) {
  const { t } = useI18n()
  const { user, company } = usePage<SharedProps>().props
  const format = useFormat()
  const path = useRoute()
  const reload = useThrottledReload(5000)

  const connection = useLiveUpdates(
    company?.id,
    (message: LiveMessage) => {
      if (message.type === 'position' || message.type === 'status') {
        reload(['fleet', 'today', 'distanceByDay'])
      } else if (message.type === 'event' && isAlarmEvent(message.code, message.state)) {
        reload(['today', 'recentAlarms'])
      }
    },
    { onReconnected: () => reload(['fleet', 'today', 'recentAlarms', 'distanceByDay']) }
  )

  return (
    <>
      <Head title={t('common.routes.backend')} />
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900" data-testid="greeting">
            {t('backend.dashboard.greeting', { name: user?.displayName ?? '' })}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {company?.name} · {t('backend.dashboard.intro')}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <LiveIndicator connection={connection} />
          <Button asChild size="sm">
            <RouteLink route="live">
              <MapPinned className="size-4" aria-hidden="true" />
              {t('live.dashboard.open_map')}
            </RouteLink>
          </Button>
        </div>
      </header>

      {fleet && (
        <section aria-labelledby="fleet-status" className="mb-6">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="fleet-status" className="text-sm font-semibold text-slate-900">
              {t('live.dashboard.fleet_status')}
            </h2>
            <p className="text-xs text-slate-500" data-testid="fleet-total">
              {t('live.dashboard.vehicles_total', { count: format.number(fleet.total) })}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {statusCards.map(({ status, icon, tone }) => (
              <StatCard
                key={status}
                label={t(`live.status.${status}`)}
                value={format.number(fleet[status])}
                icon={icon}
                tone={tone}
                testId={`count-${status}`}
                href={`${path('live')}?status=${status}`}
                footer={<ShareBar part={fleet[status]} total={fleet.total} status={status} />}
              />
            ))}
          </div>
        </section>
      )}

      {today && (
        <section aria-labelledby="today" className="mb-6">
          <h2 id="today" className="mb-3 text-sm font-semibold text-slate-900">
            {t('live.dashboard.today')}
          </h2>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[
              {
                key: 'distance',
                label: 'distance_today',
                value: format.distance(today.distance),
                icon: RouteIcon,
              },
              {
                key: 'driving',
                label: 'driving_time',
                value: format.duration(today.drivingSeconds),
                icon: Timer,
              },
              {
                key: 'trips',
                label: 'trips_today',
                value: format.number(today.trips),
                icon: Gauge,
              },
              {
                key: 'alarms',
                label: 'alarms_today',
                value: format.number(today.alarms),
                icon: BellRing,
                tone: today.alarms > 0 ? ('red' as const) : ('slate' as const),
              },
            ].map(({ key, label, ...card }) => (
              <StatCard
                key={key}
                label={t(`live.dashboard.${label}`)}
                testId={`today-${key}`}
                {...card}
              />
            ))}
          </div>
        </section>
      )}

      <div className="grid items-start gap-4 xl:grid-cols-3">
        {distanceByDay && (
          <DetailCard
            title={t('live.dashboard.distance_7_days')}
            icon={RouteIcon}
            className="xl:col-span-2"
          >
            <DistanceChart days={distanceByDay} />
          </DetailCard>
        )}
        {expiringLicences && <ExpiringLicences items={expiringLicences} />}
        {maintenanceDue && <MaintenanceCard items={maintenanceDue} showVehicle />}
        {renewalsDue && <RenewalsCard items={renewalsDue} />}
        {recentAlarms && <RecentAlarms items={recentAlarms} className="xl:col-span-3" />}
      </div>
    </>
  )
}

function ShareBar({ part, total, status }: { part: number; total: number; status: LiveStatus }) {
  const { t } = useI18n()
  const percent = total === 0 ? 0 : Math.round((part / total) * 100)
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className="h-full rounded-full"
          style={{ width: `${percent}%`, background: statusColors[status] }}
        />
      </div>
      <span className="tabular-nums">{t('live.dashboard.percent_of_fleet', { percent })}</span>
    </div>
  )
}

function DistanceChart({ days }: { days: { day: string; distance: number }[] }) {
  const { t } = useI18n()
  const format = useFormat()
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 28, bottom: 4, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (value: number) => format.distance(value * 1000),
      },
      xAxis: {
        type: 'category',
        data: days.map((day) => format.calendarDate(day.day)),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: '#cbd5e1' } },
        axisLabel: { color: '#64748b' },
      },
      yAxis: {
        type: 'value',
        name: 'km',
        nameTextStyle: { color: '#64748b' },
        splitLine: { lineStyle: { color: '#f1f5f9' } },
        // Axis numbers in the page's language ("4.000" next to "Toplam 4.512 km").
        axisLabel: { color: '#64748b', formatter: (value: number) => format.number(value) },
      },
      series: [
        {
          type: 'bar',
          name: t('live.dashboard.distance'),
          data: days.map((day) => Math.round(day.distance / 100) / 10),
          barMaxWidth: 36,
          itemStyle: { color: '#0d9488', borderRadius: [4, 4, 0, 0] },
        },
      ],
    }),
    // The formatters depend on the language and preferences only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [days, t]
  )
  const total = days.reduce((sum, day) => sum + day.distance, 0)
  return (
    <>
      <p className="mb-2 text-sm text-slate-500">
        {t('live.dashboard.distance_7_days_total', { distance: format.distance(total) })}
      </p>
      <EChart
        option={option}
        label={t('live.dashboard.distance_7_days_chart', { distance: format.distance(total) })}
        className="h-64"
        testId="distance-chart"
      />
    </>
  )
}

function ExpiringLicences({ items }: { items: LicenceItem[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.dashboard.expiring_licences')}
      icon={CalendarClock}
      testId="expiring-licences"
      bodyClassName="px-0 py-0"
    >
      {items.length === 0 ? (
        <CardEmpty icon={CalendarClock} message={t('live.empty.subscription')} />
      ) : (
        <ul className="max-h-[22rem] divide-y divide-slate-100 overflow-y-auto">
          {items.map((item) => (
            <li key={item.deviceId} className="flex items-center justify-between gap-3 px-4 py-2.5">
              <div className="min-w-0">
                <RouteLink
                  route="assets.show"
                  params={{ id: item.deviceId }}
                  className="block truncate text-sm font-medium text-slate-900 hover:text-brand-700"
                >
                  {item.plate ?? item.vehicle}
                </RouteLink>
                <p className="truncate text-xs text-slate-500">
                  {t('live.dashboard.licence_ends', { date: format.calendarDate(item.endDate) })}
                </p>
              </div>
              <DaysRemaining days={item.daysRemaining} />
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}

function RecentAlarms({ items, className }: { items: AlarmItem[]; className?: string }) {
  const { t } = useI18n()
  const format = useFormat()
  const alarmText = useAlarmText()
  return (
    <DetailCard
      title={t('live.dashboard.recent_alarms')}
      icon={AlarmClock}
      className={className}
      testId="recent-alarms"
      bodyClassName="px-0 py-0"
    >
      {items.length === 0 ? (
        <CardEmpty icon={BellRing} message={t('live.dashboard.no_alarms')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <ColumnHeaders
              className="bg-slate-50 text-xs text-slate-500"
              cellClassName="px-4 py-2 font-medium"
              columns={[t('live.fields.time'), t('live.fields.vehicle'), t('live.fields.alarm')]}
            />
            <tbody className="divide-y divide-slate-100">
              {items.map((alarm) => (
                <tr key={alarm.id} data-testid="alarm-row">
                  <td className="px-4 py-2 whitespace-nowrap text-slate-600 tabular-nums">
                    {format.dateTime(alarm.time)}
                  </td>
                  <td className="px-4 py-2">
                    <RouteLink
                      route="assets.show"
                      params={{ id: alarm.deviceId }}
                      className="font-medium text-slate-900 hover:text-brand-700"
                    >
                      {alarm.plate ?? alarm.vehicle}
                    </RouteLink>
                  </td>
                  <td className="px-4 py-2">
                    <span className="inline-flex items-center gap-2">
                      <span className="rounded bg-red-50 px-1.5 py-0.5 font-mono text-[11px] text-red-700">
                        {alarm.code}
                      </span>
                      {alarmText(alarm.code, alarm.state)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DetailCard>
  )
}
