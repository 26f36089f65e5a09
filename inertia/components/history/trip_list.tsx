import { Route as RouteIcon } from 'lucide-react'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import type { HistoryTrip } from '~/components/map/types'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** The trips of the period; choosing one shows it on the map. */
export function TripList({
  trips,
  onSelect,
}: {
  trips: HistoryTrip[]
  onSelect: (trip: HistoryTrip) => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={`${t('live.history.trips')} (${trips.length})`}
      icon={RouteIcon}
      bodyClassName="px-0 py-0"
      testId="history-trips"
    >
      {trips.length === 0 ? (
        <CardEmpty message={t('live.history.no_trips')} />
      ) : (
        <ol className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
          {trips.map((trip, index) => (
            <li key={trip.id}>
              <button
                type="button"
                onClick={() => onSelect(trip)}
                className="w-full cursor-pointer px-4 py-2.5 text-left text-sm hover:bg-slate-50"
                data-testid="history-trip"
              >
                <span className="flex justify-between gap-2">
                  <span className="font-medium text-slate-900">
                    {t('live.history.trip', { number: index + 1 })}
                  </span>
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {format.distance(trip.distance)}
                  </span>
                </span>
                <span className="mt-0.5 block text-xs text-slate-500 tabular-nums">
                  {format.dateTime(trip.startTime)} → {format.time(trip.endTime)} ·{' '}
                  {format.duration(trip.duration)} · {t('live.fields.max_speed')}{' '}
                  {format.speed(trip.maxSpeed)}
                </span>
                {(trip.startPlace || trip.endPlace) && (
                  <span
                    className="mt-0.5 block text-xs text-slate-500"
                    data-testid="history-trip-places"
                  >
                    {trip.startPlace ?? '—'} → {trip.endPlace ?? '—'}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ol>
      )}
    </DetailCard>
  )
}
