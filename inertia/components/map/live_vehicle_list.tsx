import { Truck } from 'lucide-react'
import { EmptyState } from '~/components/empty_state'
import type { LiveFleetStore } from '~/components/map/live_fleet_store'
import type { MapVehicle } from '~/components/map/types'
import type { FleetState } from '~/components/map/use_live_fleet'
import { VEHICLE_ROW_HEIGHT, VehicleRow } from '~/components/map/vehicle_row'
import { VirtualList } from '~/components/map/virtual_list'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import { Button } from '~/components/ui/button'

/** The live map's vehicle list: loading, failed, empty fleet, nothing matching, or the rows. */
export function LiveVehicleList({
  store,
  fleetState,
  listed,
  selectedId,
  onSelect,
  onRetry,
}: {
  store: LiveFleetStore
  fleetState: FleetState
  listed: MapVehicle[]
  selectedId: number | null
  onSelect: (id: number) => void
  onRetry: () => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  const loaded = fleetState === 'loaded'
  return (
    <>
      <p className="px-3 pt-2 pb-1 text-xs text-slate-500" aria-live="polite">
        {loaded && t('live.map.showing', { shown: listed.length, total: store.size })}
      </p>
      {!loaded ? (
        <FleetLoading failed={fleetState === 'failed'} onRetry={onRetry} />
      ) : store.size === 0 ? (
        <div className="p-3">
          <EmptyState
            icon={Truck}
            title={t('live.map.no_vehicles')}
            description={
              <RouteLink route="settings.devices" className="text-brand-700 hover:underline">
                {t('live.map.add_vehicles')}
              </RouteLink>
            }
            className="py-8"
          />
        </div>
      ) : listed.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500">{t('common.empty.noItems')}</p>
      ) : (
        <VirtualList
          items={listed}
          rowHeight={VEHICLE_ROW_HEIGHT}
          getKey={(vehicle) => vehicle.id}
          label={t('live.map.list_label')}
          className="min-h-0 flex-1"
          testId="vehicle-list"
          renderRow={(vehicle) => (
            <VehicleRow
              vehicle={vehicle}
              selected={vehicle.id === selectedId}
              onSelect={onSelect}
              format={format}
              t={t}
            />
          )}
        />
      )}
    </>
  )
}

/** The list's place while the fleet is on its way, or when it could not be loaded. */
function FleetLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useI18n()
  if (failed) {
    return (
      <div className="p-6 text-center text-sm text-slate-600" role="alert">
        <p>{t('live.map.fleet_failed')}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry} className="mt-3">
          {t('live.map.retry')}
        </Button>
      </div>
    )
  }
  return (
    <div
      className="flex min-h-0 flex-1 items-center justify-center p-6 text-sm text-slate-500"
      role="status"
      aria-busy="true"
      data-testid="fleet-loading"
    >
      {t('live.map.loading_vehicles')}
    </div>
  )
}
