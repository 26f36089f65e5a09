import { usePage } from '@inertiajs/react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { fetchFleet } from '~/components/map/fleet_request'
import { LiveFleetStore } from '~/components/map/live_fleet_store'
import { decodeMapVehicle } from '~/components/map/map_vehicle'
import { liveStatuses, type LiveStatus, type MapVehicle } from '~/components/map/types'
import { useFleetVersion } from '~/components/map/use_fleet_store'
import { useLiveUpdates } from '~/hooks/use_live_updates'
import { useI18n } from '~/lib/i18n'
import type { SharedProps } from '~/types'

export type FleetState = 'loading' | 'loaded' | 'failed'
export type GroupFilter = 'all' | 'none' | number

function queryParam(url: string, name: string) {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
  return new URLSearchParams(query).get(name)
}

/**
 * The live map's fleet: fetched once (`fleetUrl`, again after a lost live connection), kept
 * current by the company's live messages, with the measures the page records
 * (`fleet:load`, `fleet:decode`; the map adds `fleet:cluster`, `fleet:draw`, `fleet:fit`).
 */
export function useLiveFleet(fleetUrl: string) {
  const { company } = usePage<SharedProps>().props
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
  const connection = useLiveUpdates(company?.id, (message) => store.apply(message), {
    onReconnected: () => loadFleet(false),
  })
  return { store, fleetState, loaded: fleetState === 'loaded', loadFleet, connection }
}

/**
 * What the list and the map show: search and group narrow both, and so does the status
 * filter (read from `?status=` first); the counts per status ignore the status filter.
 */
export function useFleetFilters(store: LiveFleetStore, url: string) {
  const { locale } = useI18n()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<LiveStatus | null>(() => {
    const initial = queryParam(url, 'status')
    return liveStatuses.includes(initial as LiveStatus) ? (initial as LiveStatus) : null
  })
  const [group, setGroup] = useState<GroupFilter>('all')

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

  return { search, setSearch, status, setStatus, group, setGroup, filter, listed, counts }
}
