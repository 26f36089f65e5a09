import { clsx } from 'clsx'
import { memo } from 'react'
import { statusDotClasses } from '~/components/map/status_style'
import type { MapVehicle } from '~/components/map/types'
import type { Formatters } from '~/lib/format'
import type { Translate } from '~/lib/i18n'

export const VEHICLE_ROW_HEIGHT = 60

/** A vehicle in the live map's side list: status, plate, driver or IMEI, speed or last seen. */
export const VehicleRow = memo(function VehicleRowButton({
  vehicle,
  selected,
  onSelect,
  format,
  t,
}: {
  vehicle: MapVehicle
  selected: boolean
  onSelect: (id: number) => void
  format: Formatters
  t: Translate
}) {
  const detail =
    vehicle.status === 'moving'
      ? format.speed(vehicle.speed)
      : vehicle.status === 'offline'
        ? t('live.status.offline')
        : t(`live.status.${vehicle.status}`)
  return (
    <button
      type="button"
      onClick={() => onSelect(vehicle.id)}
      aria-current={selected ? 'true' : undefined}
      data-testid="vehicle-row"
      data-device-id={vehicle.id}
      className={clsx(
        'flex size-full items-center gap-3 border-b border-slate-100 px-3 text-left transition-colors',
        selected ? 'bg-brand-50' : 'hover:bg-slate-50'
      )}
    >
      <span
        className={clsx('size-2.5 shrink-0 rounded-full', statusDotClasses[vehicle.status])}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-slate-900">
          {vehicle.plate ?? vehicle.name}
        </span>
        <span className="block truncate text-xs text-slate-500">
          {vehicle.plate && vehicle.name !== vehicle.plate ? `${vehicle.name} · ` : ''}
          {vehicle.driver ?? vehicle.imei}
        </span>
      </span>
      <span className="shrink-0 text-right text-xs">
        <span
          className={clsx(
            'block font-medium tabular-nums',
            vehicle.status === 'moving' ? 'text-green-700' : 'text-slate-600'
          )}
        >
          {detail}
        </span>
        {vehicle.lat === null && (
          <span className="block text-slate-500">{t('live.map.no_position')}</span>
        )}
      </span>
    </button>
  )
})
