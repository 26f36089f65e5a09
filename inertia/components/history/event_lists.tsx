import { BellRing, ParkingCircle, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
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
    <PeriodList
      title={t('live.history.stops')}
      icon={ParkingCircle}
      emptyMessage={t('live.history.no_stops')}
      items={stops}
      onSelect={onSelect}
      row={(stop) => (
        <>
          <span className="text-slate-800 tabular-nums">
            {format.dateTime(stop.startTime)}
            {stop.place && <span className="block text-xs text-slate-500">{stop.place}</span>}
          </span>
          <span className="font-medium text-slate-900">{format.duration(stop.duration)}</span>
        </>
      )}
    />
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
    <PeriodList
      title={t('live.history.alarms')}
      icon={BellRing}
      emptyMessage={t('live.history.no_alarms')}
      items={alarms}
      onSelect={onSelect}
      row={(alarm) => (
        <>
          <span className="truncate text-slate-800">
            {alarmText(alarm.code, alarm.state)}
            {alarm.place && <span className="block text-xs text-slate-500">{alarm.place}</span>}
          </span>
          <span className="shrink-0 text-xs text-slate-500 tabular-nums">
            {format.time(alarm.time)}
          </span>
        </>
      )}
    />
  )
}

/** A card listing things of the period with their count; choosing one calls `onSelect`. */
function PeriodList<Item extends { id: number }>({
  title,
  icon,
  emptyMessage,
  items,
  onSelect,
  row,
}: {
  title: string
  icon: LucideIcon
  emptyMessage: string
  items: Item[]
  onSelect: (item: Item) => void
  /** What the button of one item shows, spread over the row's two ends. */
  row: (item: Item) => ReactNode
}) {
  return (
    <DetailCard title={`${title} (${items.length})`} icon={icon} bodyClassName="px-0 py-0">
      {items.length === 0 ? (
        <CardEmpty message={emptyMessage} />
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onSelect(item)}
                className="w-full cursor-pointer px-4 py-2 text-left text-sm hover:bg-slate-50"
              >
                <span className="flex justify-between gap-2">{row(item)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  )
}
