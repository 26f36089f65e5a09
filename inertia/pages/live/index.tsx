import { Head, usePage } from '@inertiajs/react'
import { useCallback, useState } from 'react'
import { LiveIndicator } from '~/components/cards/live_indicator'
import { startEarlyFleetRequest } from '~/components/map/fleet_request'
import { LiveFleetFilters } from '~/components/map/live_fleet_filters'
import { LiveMap } from '~/components/map/live_map'
import { LiveVehicleList } from '~/components/map/live_vehicle_list'
import { MapLayerSwitch } from '~/components/map/map_layer_switch'
import { MapPlaceholder } from '~/components/map/map_placeholder'
import type { MapLayerName, MapSettings, Preferences, VehicleGroup } from '~/components/map/types'
import { useFleetFilters, useLiveFleet } from '~/components/map/use_live_fleet'
import { VehiclePopup } from '~/components/map/vehicle_popup'
import { useI18n } from '~/lib/i18n'

type LiveMapProps = {
  preferences: Preferences
  map: MapSettings
  /** Where the page fetches its vehicles (LiveMapController.fleet). */
  fleetUrl: string
  groups: VehicleGroup[]
}

// Before React hydrates the page: the fleet arrives while the rest of the scripts load.
startEarlyFleetRequest()

/** Resolves after the browser has painted the next frame. */
function nextPaint() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(), 0)))
}

/**
 * The live map: every vehicle of the company on a clustered map and in a searchable list,
 * kept current over Server-Sent Events without reloading the page.
 */
export default function LiveMapPage({ map, fleetUrl, groups }: LiveMapProps) {
  const { t } = useI18n()
  const { url } = usePage()
  const { store, fleetState, loaded, loadFleet, connection } = useLiveFleet(fleetUrl)
  const filters = useFleetFilters(store, url)

  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [following, setFollowing] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const [layer, setLayer] = useState<MapLayerName>(map.defaultLayer)

  const select = useCallback((id: number | null) => {
    setSelectedId(id)
    if (id === null) setFollowing(false)
  }, [])
  const selectFromList = useCallback((id: number) => {
    setSelectedId(id)
    setFocusRequest((request) => request + 1)
  }, [])
  // The first painted frame of the fleet, as a mark of the Performance API (read by
  // benchmarks/live.ts and the browser's own performance tools).
  const onFirstRender = useCallback(() => {
    nextPaint().then(() => performance.mark('fleet:first-render'))
  }, [])

  const renderPopup = useCallback(
    (id: number) => (
      <VehiclePopup
        store={store}
        id={id}
        following={following}
        onToggleFollow={() => setFollowing((value) => !value)}
      />
    ),
    [store, following]
  )

  return (
    <>
      <Head title={t('common.routes.live')} />
      <div className="-mx-4 -my-6 flex flex-col sm:-mx-6 lg:-mx-8 lg:-my-8 lg:h-[calc(100dvh-4rem)] lg:flex-row">
        <aside
          className="order-2 flex h-[32rem] flex-col border-t border-slate-200 bg-white lg:order-1 lg:h-auto lg:w-80 lg:shrink-0 lg:border-t-0 lg:border-r"
          aria-label={t('live.map.list_label')}
        >
          <div className="space-y-3 border-b border-slate-200 p-3">
            <div className="flex items-center justify-between gap-2">
              <h1 className="text-lg font-semibold text-slate-900">{t('common.routes.live')}</h1>
              <LiveIndicator connection={connection} />
            </div>
            <LiveFleetFilters {...filters} groups={groups} loaded={loaded} />
          </div>
          <LiveVehicleList
            store={store}
            fleetState={fleetState}
            listed={filters.listed}
            selectedId={selectedId}
            onSelect={selectFromList}
            onRetry={() => loadFleet(false)}
          />
        </aside>

        <section
          className="relative isolate z-0 order-1 h-[65vh] min-h-80 lg:order-2 lg:h-auto lg:flex-1"
          aria-label={t('live.map.map_label')}
          data-testid="live-map"
        >
          {loaded ? (
            <LiveMap
              store={store}
              settings={map}
              layer={layer}
              filter={filters.filter}
              selectedId={selectedId}
              following={following}
              focusRequest={focusRequest}
              onSelect={select}
              renderPopup={renderPopup}
              onFirstRender={onFirstRender}
            />
          ) : (
            <MapPlaceholder />
          )}
          <MapLayerSwitch settings={map} layer={layer} onChange={setLayer} />
        </section>
      </div>
    </>
  )
}
