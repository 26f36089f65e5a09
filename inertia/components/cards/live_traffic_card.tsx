import { clsx } from 'clsx'
import { Activity, MapPinned } from 'lucide-react'
import { CardEmpty, DetailCard, FieldList } from '~/components/cards/detail_card'
import { RelativeTime } from '~/components/cards/relative_time'
import { StatusBadge } from '~/components/cards/status_badge'
import type { Data } from '~generated/data'
import { PlaceAttribution } from '~/components/geocoding/place_attribution'
import { formatCoordinates, useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'

/** Speed, heading and status as the vehicle reports them, updated live. */
export function LiveTrafficCard({
  live,
  speedLimit,
  place = null,
}: {
  live: Data.Live.VehicleDetail.Variants['forLive']
  speedLimit: number | null
  /** The last position by name (docs/geocoding.md). */
  place?: string | null
}) {
  const { t } = useI18n()
  const format = useFormat()
  const over = speedLimit !== null && live.speed > speedLimit
  return (
    <DetailCard
      title={t('live.vehicle.cards.live_traffic')}
      icon={Activity}
      testId="card-live-traffic"
      action={<StatusBadge status={live.status} />}
    >
      {live.lat === null || live.lon === null ? (
        <CardEmpty icon={MapPinned} message={t('live.vehicle.live.waiting')} />
      ) : (
        <div className="space-y-3">
          <div className="flex items-center gap-4">
            <div className="relative flex size-20 shrink-0 items-center justify-center rounded-full border-4 border-slate-100">
              <svg
                viewBox="0 0 24 24"
                className="size-9 text-brand-600 transition-transform duration-500"
                style={{ transform: `rotate(${live.course}deg)` }}
                aria-hidden="true"
              >
                <path d="M12 2 19 21 12 17 5 21Z" fill="currentColor" />
              </svg>
              <span className="absolute -top-1 text-[10px] font-semibold text-slate-400">
                {format.compass(0)}
              </span>
            </div>
            <div>
              <p
                className={clsx(
                  'text-3xl font-semibold tabular-nums',
                  over ? 'text-red-600' : 'text-slate-900'
                )}
                data-testid="live-speed"
              >
                {format.speed(live.speed)}
              </p>
              <p className="text-sm text-slate-500">
                {t('live.fields.heading')}: {format.compass(live.course)} ({live.course}°)
              </p>
            </div>
          </div>
          <FieldList
            items={[
              {
                label: t('live.fields.ignition'),
                value:
                  live.ignition === null
                    ? null
                    : t(live.ignition ? 'live.fields.ignition_on' : 'live.fields.ignition_off'),
              },
              {
                label: t('live.fields.last_fix'),
                value: live.fixTime ? <RelativeTime value={live.fixTime} /> : null,
              },
              {
                label: t('live.fields.place'),
                value: place ? <span data-testid="live-place">{place}</span> : null,
              },
              {
                label: t('live.fields.coordinates'),
                value: (
                  <span className="tabular-nums" data-testid="live-coordinates">
                    {formatCoordinates(live.lat, live.lon)}
                  </span>
                ),
              },
              {
                label: t('live.fields.altitude'),
                value: live.altitude === null ? null : `${format.number(live.altitude)} m`,
              },
            ]}
          />
          {place && <PlaceAttribution />}
        </div>
      )}
    </DetailCard>
  )
}
