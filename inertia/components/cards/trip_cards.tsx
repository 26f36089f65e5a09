import { ParkingCircle, Route as RouteIcon } from 'lucide-react'
import { CardEmpty, DetailCard } from '~/components/cards/detail_card'
import type { Data } from '~generated/data'
import { PlaceAttribution } from '~/components/geocoding/place_attribution'
import { PlaceLink } from '~/components/geocoding/place_link'
import { formatCoordinates, useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

export function TripsCard({ trips }: { trips: Data.Live.VehicleTrip[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.vehicle.cards.trips')}
      icon={RouteIcon}
      testId="card-trips"
      bodyClassName="px-0 py-0"
    >
      {trips.length === 0 ? (
        <CardEmpty icon={RouteIcon} message={t('live.vehicle.trips.none')} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {trips.map((trip) => (
            <li key={trip.id} className="px-4 py-2.5 text-sm" data-testid="trip-item">
              <div className="flex items-center justify-between gap-3">
                <span className="font-medium text-slate-900 tabular-nums">
                  {format.dateTime(trip.startTime)} → {format.time(trip.endTime)}
                </span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {format.distance(trip.distance)}
                </span>
              </div>
              <p className="mt-0.5 text-xs text-slate-500">
                {format.duration(trip.duration)} · {t('live.fields.max_speed')}{' '}
                {format.speed(trip.maxSpeed)} · {t('live.fields.average_speed')}{' '}
                {format.speed(trip.averageSpeed)}
              </p>
              {(trip.startPlace || trip.endPlace) && (
                <p className="mt-0.5 text-xs text-slate-600" data-testid="trip-places">
                  {trip.startPlace ? (
                    <PlaceLink place={trip.startPlace} playback={trip.playback} />
                  ) : (
                    '—'
                  )}{' '}
                  → {trip.endPlace ?? '—'}
                </p>
              )}
            </li>
          ))}
          {trips.some((trip) => trip.startPlace || trip.endPlace) && (
            <li className="px-4 py-2">
              <PlaceAttribution />
            </li>
          )}
        </ul>
      )}
    </DetailCard>
  )
}

export function ParkingsCard({ stops }: { stops: Data.Live.VehicleStop[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <DetailCard
      title={t('live.vehicle.cards.parkings')}
      icon={ParkingCircle}
      testId="card-parkings"
      bodyClassName="px-0 py-0"
    >
      {stops.length === 0 ? (
        <CardEmpty icon={ParkingCircle} message={t('live.vehicle.parkings.none')} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {stops.map((stop) => (
            <li key={stop.id} className="px-4 py-2.5 text-sm" data-testid="parking-item">
              <div className="flex items-center justify-between gap-3">
                <span className="font-medium text-slate-900 tabular-nums">
                  {format.dateTime(stop.startTime)} → {format.time(stop.endTime)}
                </span>
                <span className="font-semibold text-slate-900 tabular-nums">
                  {format.duration(stop.duration)}
                </span>
              </div>
              {stop.place && (
                <p className="mt-0.5 text-xs text-slate-600" data-testid="parking-place">
                  <PlaceLink place={stop.place} playback={stop.playback} />
                </p>
              )}
              <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
                {formatCoordinates(stop.lat, stop.lon)}
                {stop.engineOnDuration > 0 &&
                  ` · ${t('live.fields.engine_on')} ${format.duration(stop.engineOnDuration)}`}
              </p>
            </li>
          ))}
          {stops.some((stop) => stop.place) && (
            <li className="px-4 py-2">
              <PlaceAttribution />
            </li>
          )}
        </ul>
      )}
    </DetailCard>
  )
}
