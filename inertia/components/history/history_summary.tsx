import { Gauge, History as HistoryIcon, Route as RouteIcon, Timer } from 'lucide-react'
import { StatCard } from '~/components/cards/stat_card'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** Distance, driving time, top speed and number of fixes of the shown period. */
export function HistorySummary({ summary }: { summary: Data.Live.History['summary'] }) {
  const { t } = useI18n()
  const format = useFormat()
  const cards = [
    { name: 'distance', value: format.distance(summary.distance), icon: RouteIcon },
    { name: 'driving', value: format.duration(summary.drivingSeconds), icon: Timer },
    { name: 'max_speed', value: format.speed(summary.maxSpeed), icon: Gauge },
    { name: 'points', value: format.number(summary.points), icon: HistoryIcon },
  ]
  return (
    <div className="grid grid-cols-2 gap-3">
      {cards.map(({ name, value, icon }) => (
        <StatCard
          key={name}
          compact
          label={t(`live.history.summary.${name}`)}
          value={value}
          icon={icon}
          testId={`summary-${name}`}
        />
      ))}
    </div>
  )
}
