import { BellRing, ParkingCircle } from 'lucide-react'
import { useAlarmText } from '~/components/cards/alarm_text'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import type { HistoryAlarm, HistoryStop } from '~/components/map/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** The parkings of the period; choosing one shows it on the map. */
export function StopList({
  stops,
  onSelect,
}: {
  stops: HistoryStop[]
  onSelect: (stop: HistoryStop) => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={`${t('live.history.stops')} (${stops.length})`}
      icon={ParkingCircle}
      bodyClassName="px-0 py-0"
    >
      {stops.length === 0 ? (
        <CardEmpty message={t('live.history.no_stops')} />
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
          {stops.map((stop) => (
            <li key={stop.id}>
              <button
                type="button"
                onClick={() => onSelect(stop)}
                className="w-full cursor-pointer px-4 py-2 text-left text-sm hover:bg-slate-50"
              >
                <span className="flex justify-between gap-2">
                  <span className="text-slate-800 tabular-nums">
                    {format.dateTime(stop.startTime)}
                  </span>
                  <span className="font-medium text-slate-900">
                    {format.duration(stop.duration)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}

/** The alarms of the period; choosing one shows where and when it happened. */
export function AlarmEventList({
  alarms,
  onSelect,
}: {
  alarms: HistoryAlarm[]
  onSelect: (alarm: HistoryAlarm) => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  const alarmText = useAlarmText()
  return (
    <DetailCard
      title={`${t('live.history.alarms')} (${alarms.length})`}
      icon={BellRing}
      bodyClassName="px-0 py-0"
    >
      {alarms.length === 0 ? (
        <CardEmpty message={t('live.history.no_alarms')} />
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
          {alarms.map((alarm) => (
            <li key={alarm.id}>
              <button
                type="button"
                onClick={() => onSelect(alarm)}
                className="w-full cursor-pointer px-4 py-2 text-left text-sm hover:bg-slate-50"
              >
                <span className="flex justify-between gap-2">
                  <span className="truncate text-slate-800">
                    {alarmText(alarm.code, alarm.state)}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                    {format.time(alarm.time)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}
