import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import { Link } from '@inertiajs/react'
import { Crosshair, History, Info } from 'lucide-react'
import { RelativeTime } from '~/components/cards/relative_time'
import { StatusBadge } from '~/components/cards/status_badge'
import type { LiveFleetStore } from '~/components/map/live_fleet_store'
import { useFleetVehicle } from '~/components/map/use_fleet_store'
import { VehiclePlaceName, useVehiclePlace } from '~/components/map/vehicle_place'
import { PlaceAttribution } from '~/components/geocoding/place_attribution'
import { formatCoordinates, useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink, useRoute } from '~/lib/routes'

/** The live map's popup: what an operator checks first about a vehicle. */
export function VehiclePopup({
  store,
  id,
  following,
  onToggleFollow,
}: {
  store: LiveFleetStore
  id: number
  following: boolean
  onToggleFollow: () => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  const path = useRoute()
  const vehicle = useFleetVehicle(store, id)
  const place = useVehiclePlace(id, vehicle?.lat ?? null, vehicle?.lon ?? null)
  if (!vehicle) return null

  const rows: [string, ReactNode][] = [
    [
      t('live.fields.speed'),
      `${format.speed(vehicle.speed)}${vehicle.status === 'moving' ? ` · ${format.compass(vehicle.course)}` : ''}`,
    ],
    [
      t('live.fields.last_seen'),
      vehicle.lastSeen ? <RelativeTime value={vehicle.lastSeen} /> : t('live.map.never_seen'),
    ],
    [t('live.fields.driver'), vehicle.driver ?? t('live.map.no_driver')],
    [
      t('live.fields.ignition'),
      vehicle.ignition === null
        ? '—'
        : vehicle.ignition
          ? t('live.fields.ignition_on')
          : t('live.fields.ignition_off'),
    ],
    [t('live.fields.place'), <VehiclePlaceName key="place" {...place} />],
    [
      t('live.fields.coordinates'),
      vehicle.lat !== null && vehicle.lon !== null
        ? formatCoordinates(vehicle.lat, vehicle.lon)
        : t('live.map.no_position'),
    ],
  ]

  return (
    <div className="w-64 font-sans" data-testid="vehicle-popup" data-device-id={vehicle.id}>
      <div className="mb-2 flex items-start justify-between gap-2 pr-5">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">
            {vehicle.plate ?? vehicle.name}
          </p>
          {vehicle.plate && vehicle.plate !== vehicle.name && (
            <p className="truncate text-xs text-slate-500">{vehicle.name}</p>
          )}
        </div>
        <StatusBadge status={vehicle.status} />
      </div>
      <dl className="space-y-1 text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-right font-medium text-slate-800 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {place.place?.place && <PlaceAttribution className="mt-1 text-right" />}
      <div className="mt-3 flex gap-1.5">
        <button
          type="button"
          onClick={onToggleFollow}
          aria-pressed={following}
          data-testid="follow-vehicle"
          className={clsx(
            'inline-flex flex-1 cursor-pointer items-center justify-center gap-1 rounded-md px-2 py-1.5 text-xs font-medium',
            following
              ? 'bg-brand-600 text-white hover:bg-brand-700'
              : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
          )}
        >
          <Crosshair className="size-3.5" aria-hidden="true" />
          {following ? t('live.map.following') : t('live.map.follow')}
        </button>
        <RouteLink
          route="assets.show"
          params={{ id: vehicle.id }}
          className="inline-flex flex-1 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs font-medium !text-slate-700 hover:bg-slate-50"
        >
          <Info className="size-3.5" aria-hidden="true" />
          {t('live.map.details')}
        </RouteLink>
        <Link
          href={`${path('history')}?deviceId=${vehicle.id}`}
          className="inline-flex flex-1 items-center justify-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs font-medium !text-slate-700 hover:bg-slate-50"
        >
          <History className="size-3.5" aria-hidden="true" />
          {t('live.map.history')}
        </Link>
      </div>
    </div>
  )
}
