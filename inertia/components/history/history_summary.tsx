import { Gauge, History as HistoryIcon, Route as RouteIcon, Timer } from 'lucide-react'
import { StatCard } from '~/components/cards/stat_card'
import type { Data } from '~generated/data'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** Distance, driving time, top speed and number of fixes of the shown period. */
export function HistorySummary({ summary }: { summary: Data.Live.History['summary'] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <div className="grid grid-cols-2 gap-3">
      <StatCard
        compact
        label={t('live.history.summary.distance')}
        value={format.distance(summary.distance)}
        icon={RouteIcon}
        testId="summary-distance"
      />
      <StatCard
        compact
        label={t('live.history.summary.driving')}
        value={format.duration(summary.drivingSeconds)}
        icon={Timer}
      />
      <StatCard
        compact
        label={t('live.history.summary.max_speed')}
        value={format.speed(summary.maxSpeed)}
        icon={Gauge}
      />
      <StatCard
        compact
        label={t('live.history.summary.points')}
        value={format.number(summary.points)}
        icon={HistoryIcon}
        testId="summary-points"
      />
    </div>
  )
}
