import { BellRing, Siren } from 'lucide-react'
import { useAlarmText } from '~/components/cards/alarm_text'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import { PlaceAttribution } from '~/components/geocoding/place_attribution'
import { PlaceLink } from '~/components/geocoding/place_link'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

export function AlarmList({ alarms }: { alarms: Data.Live.VehicleAlarm[] }) {
  const { t } = useI18n()
  const format = useFormat()
  const alarmText = useAlarmText()
  return (
    <DetailCard
      title={t('live.vehicle.cards.recent_alarms')}
      icon={BellRing}
      testId="card-recent-alarms"
      bodyClassName="px-0 py-0"
    >
      {alarms.length === 0 ? (
        <CardEmpty icon={BellRing} message={t('common.empty.noItems')} />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {alarms.map((alarm) => (
            <li key={alarm.id} className="px-4 py-2">
              <div className="flex items-center justify-between gap-3">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="rounded bg-red-50 px-1.5 py-0.5 font-mono text-[11px] text-red-700">
                    {alarm.code}
                  </span>
                  <span className="truncate text-slate-800">
                    {alarmText(alarm.code, alarm.state)}
                  </span>
                </span>
                <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                  {format.dateTime(alarm.time)}
                </span>
              </div>
              {alarm.place && (
                <p className="mt-0.5 text-xs text-slate-600" data-testid="alarm-place">
                  <PlaceLink place={alarm.place} playback={alarm.playback} />
                </p>
              )}
            </li>
          ))}
          {alarms.some((alarm) => alarm.place) && (
            <li className="px-4 py-2">
              <PlaceAttribution />
            </li>
          )}
        </ul>
      )}
    </DetailCard>
  )
}

export function MonthlyAlarmsCard({ monthly }: { monthly: Data.Live.MonthlyAlarms }) {
  const { t } = useI18n()
  const format = useFormat()
  const alarmText = useAlarmText()
  const total = monthly.codes.reduce((sum, item) => sum + item.count, 0)
  const most = Math.max(1, ...monthly.codes.map((item) => item.count))
  return (
    <DetailCard
      title={t('live.vehicle.cards.monthly_alarms')}
      icon={Siren}
      testId="card-monthly-alarms"
    >
      {monthly.codes.length === 0 ? (
        <CardEmpty icon={Siren} message={t('live.vehicle.monthly_alarms.none')} />
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500">
            {t('live.vehicle.monthly_alarms.total', {
              count: total,
              date: format.calendarDate(monthly.month),
            })}
          </p>
          <ul className="space-y-2 text-sm">
            {monthly.codes.map((item) => (
              <li key={item.code}>
                <div className="flex justify-between gap-3">
                  <span className="truncate text-slate-800">{alarmText(item.code, null)}</span>
                  <span className="font-semibold text-slate-900 tabular-nums">{item.count}</span>
                </div>
                <div
                  className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
                  aria-hidden="true"
                >
                  <div
                    className="h-full rounded-full bg-red-400"
                    style={{ width: `${(item.count / most) * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </DetailCard>
  )
}
