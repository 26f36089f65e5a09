import { clsx } from 'clsx'
import { Head, usePage } from '@inertiajs/react'
import { Layers, Search, Truck } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { LiveMessage } from '#tracking/live_channel'
import { LiveIndicator } from '~/components/cards/live_indicator'
import { EmptyState } from '~/components/empty_state'
import { fetchFleet, startEarlyFleetRequest } from '~/components/map/fleet_request'
import { LiveFleetStore } from '~/components/map/live_fleet_store'
import { LiveMap } from '~/components/map/live_map'
import { MapPlaceholder } from '~/components/map/map_placeholder'
import { decodeMapVehicle } from '~/components/map/map_vehicle'
import type { LiveMapApi } from '~/components/map/live_map_view'
import { statusDotClasses } from '~/components/map/status_style'
import {
  liveStatuses,
  type LiveStatus,
  type MapLayerName,
  type MapSettings,
  type MapVehicle,
  type Preferences,
  type VehicleGroup,
} from '~/components/map/types'
import { useFleetVersion } from '~/components/map/use_fleet_store'
import { VEHICLE_ROW_HEIGHT, VehicleRow } from '~/components/map/vehicle_row'
import { VehiclePopup } from '~/components/map/vehicle_popup'
import { VirtualList } from '~/components/map/virtual_list'
import { useLiveUpdates } from '~/hooks/use_live_updates'
import { useFormat } from '~/lib/format'
import { useI18n } from '~/lib/i18n'
import { RouteLink } from '~/lib/routes'
import type { SharedProps } from '~/types'

type LiveMapProps = {
  preferences: Preferences
  map: MapSettings
  /** Where the page fetches its vehicles (LiveMapController.fleet). */
  fleetUrl: string
  groups: VehicleGroup[]
}

type FleetState = 'loading' | 'loaded' | 'failed'

// Before React hydrates the page: the fleet arrives while the rest of the scripts load.
startEarlyFleetRequest()

type GroupFilter = 'all' | 'none' | number

declare global {
  interface Window {
    /** Benchmark hook (`?bench=1`): see benchmarks/live.ts. */
    __fleetLive?: {
      /** Applies live messages, draws, and resolves after the next paint with the time taken. */
      applyUpdates(messages: LiveMessage[]): Promise<number>
      /** Milliseconds from navigation start to the first paint of the fleet. */
      firstRenderMs: number | null
      vehicles(): { id: number; lat: number | null; lon: number | null }[]
    }
  }
}

function queryParam(url: string, name: string) {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
  return new URLSearchParams(query).get(name)
}

/** Resolves after the browser has painted the next frame. */
function nextPaint() {
  return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(), 0)))
}

/**
 * The live map: every vehicle of the company on a clustered map and in a searchable list,
 * kept current over Server-Sent Events without reloading the page.
 */
export default function LiveMapPage({ map, fleetUrl, groups }: LiveMapProps) {
  const { t, locale } = useI18n()
  const format = useFormat()
  const { company } = usePage<SharedProps>().props
  const { url } = usePage()

  // Empty until the fleet arrives; live messages received meanwhile are applied after it.
  const [store] = useState(() => new LiveFleetStore())
  const [fleetState, setFleetState] = useState<FleetState>('loading')
  const loadFleet = useCallback(
    (first: boolean) => {
      fetchFleet(fleetUrl).then(
        ({ vehicles }) => {
          const started = performance.now()
          if (first) performance.measure('fleet:load', { start: 0, end: started })
          store.reset(vehicles.map(decodeMapVehicle))
          performance.measure('fleet:decode', { start: started })
          setFleetState('loaded')
        },
        () => {
          if (!store.loaded) setFleetState('failed')
        }
      )
    },
    [store, fleetUrl]
  )
  useEffect(() => loadFleet(true), [loadFleet])
  const loaded = fleetState === 'loaded'

  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<LiveStatus | null>(() => {
    const initial = queryParam(url, 'status')
    return liveStatuses.includes(initial as LiveStatus) ? (initial as LiveStatus) : null
  })
  const [group, setGroup] = useState<GroupFilter>('all')
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [following, setFollowing] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const [layer, setLayer] = useState<MapLayerName>(map.defaultLayer)
  const bench = useRef(queryParam(url, 'bench') === '1')

  const connection = useLiveUpdates(company?.id, (message) => store.apply(message), {
    onReconnected: () => loadFleet(false),
  })

  // Search and group narrow both the list and the map; the status filter too.
  const matchesSearchAndGroup = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase(locale)
    return (vehicle: MapVehicle) => {
      if (group === 'none' && vehicle.groupId !== null) return false
      if (typeof group === 'number' && vehicle.groupId !== group) return false
      if (!needle) return true
      return [vehicle.plate, vehicle.name, vehicle.imei, vehicle.driver].some((value) =>
        value?.toLocaleLowerCase(locale).includes(needle)
      )
    }
  }, [search, group, locale])
  const filter = useMemo(
    () => (vehicle: MapVehicle) =>
      (status === null || vehicle.status === status) && matchesSearchAndGroup(vehicle),
    [status, matchesSearchAndGroup]
  )

  const version = useFleetVersion(store, 1000)
  const { listed, counts } = useMemo(() => {
    const byStatus: Record<LiveStatus, number> = { moving: 0, idle: 0, stopped: 0, offline: 0 }
    const shown: MapVehicle[] = []
    for (const vehicle of store.list()) {
      if (!matchesSearchAndGroup(vehicle)) continue
      byStatus[vehicle.status]++
      if (status === null || vehicle.status === status) shown.push(vehicle)
    }
    return { listed: shown, counts: byStatus }
    // `version` stands for the store's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, version, matchesSearchAndGroup, status])

  const select = useCallback((id: number | null) => {
    setSelectedId(id)
    if (id === null) setFollowing(false)
  }, [])
  const selectFromList = useCallback((id: number) => {
    setSelectedId(id)
    setFocusRequest((request) => request + 1)
  }, [])

  const onReady = useCallback(
    (api: LiveMapApi) => {
      if (!bench.current) return
      window.__fleetLive = {
        firstRenderMs: window.__fleetLive?.firstRenderMs ?? null,
        async applyUpdates(messages) {
          const started = performance.now()
          store.applyMany(messages)
          api.renderNow()
          await nextPaint()
          return performance.now() - started
        },
        vehicles: () => store.list().map(({ id, lat, lon }) => ({ id, lat, lon })),
      }
    },
    [store]
  )
  const onFirstRender = useCallback(() => {
    if (!bench.current) return
    nextPaint().then(() => {
      if (window.__fleetLive) window.__fleetLive.firstRenderMs = performance.now()
    })
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
            <label className="relative block">
              <span className="sr-only">{t('live.map.search_label')}</span>
              <Search
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('live.map.search_placeholder')}
                className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-8 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30"
                data-testid="vehicle-search"
              />
            </label>
            <div
              className="grid grid-cols-4 gap-1"
              role="group"
              aria-label={t('live.map.status_filter')}
            >
              {liveStatuses.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={status === value}
                  onClick={() => setStatus((current) => (current === value ? null : value))}
                  data-testid={`status-filter-${value}`}
                  className={clsx(
                    'flex cursor-pointer flex-col items-center rounded-lg border px-1 py-1.5 text-[11px] font-medium transition-colors',
                    status === value
                      ? 'border-brand-500 bg-brand-50 text-brand-800'
                      : 'border-slate-200 text-slate-600 hover:bg-slate-50'
                  )}
                >
                  <span className="flex items-center gap-1 text-sm font-semibold text-slate-900 tabular-nums">
                    <span
                      className={clsx('size-2 rounded-full', statusDotClasses[value])}
                      aria-hidden="true"
                    />
                    {loaded ? format.number(counts[value]) : '–'}
                  </span>
                  {t(`live.status.${value}`)}
                </button>
              ))}
            </div>
            {groups.length > 0 && (
              <label className="flex items-center gap-2 text-sm">
                <span className="shrink-0 text-slate-500">{t('live.map.group_filter')}</span>
                <select
                  value={String(group)}
                  onChange={(event) => {
                    const value = event.target.value
                    setGroup(value === 'all' || value === 'none' ? value : Number(value))
                  }}
                  className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm"
                  data-testid="group-filter"
                >
                  <option value="all">{t('live.map.all_groups')}</option>
                  {groups.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                    </option>
                  ))}
                  <option value="none">{t('live.map.no_group')}</option>
                </select>
              </label>
            )}
          </div>
          <p className="px-3 pt-2 pb-1 text-xs text-slate-500" aria-live="polite">
            {loaded && t('live.map.showing', { shown: listed.length, total: store.size })}
          </p>
          {!loaded ? (
            <FleetLoading failed={fleetState === 'failed'} onRetry={() => loadFleet(false)} />
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
                  onSelect={selectFromList}
                  format={format}
                  t={t}
                />
              )}
            />
          )}
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
              filter={filter}
              selectedId={selectedId}
              following={following}
              focusRequest={focusRequest}
              onSelect={select}
              renderPopup={renderPopup}
              onReady={onReady}
              onFirstRender={onFirstRender}
            />
          ) : (
            <MapPlaceholder />
          )}
          <label className="absolute top-3 right-3 z-[1000] flex items-center gap-1.5 rounded-lg border border-slate-200 bg-white/95 px-2 py-1 text-xs shadow-sm">
            <Layers className="size-3.5 text-slate-500" aria-hidden="true" />
            <span className="sr-only">{t('live.map.layer')}</span>
            <select
              value={layer}
              onChange={(event) => setLayer(event.target.value as MapLayerName)}
              className="bg-transparent text-xs font-medium text-slate-700 outline-none"
            >
              {(Object.keys(map.layers) as MapLayerName[]).map((name) => (
                <option key={name} value={name}>
                  {t(`backend.account.map_layers.${name}`)}
                </option>
              ))}
            </select>
          </label>
        </section>
      </div>
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
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {t('live.map.retry')}
        </button>
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
