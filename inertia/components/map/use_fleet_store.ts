import { useCallback, useSyncExternalStore } from 'react'
import type { LiveFleetStore } from '~/components/map/live_fleet_store'
import type { MapVehicle } from '~/components/map/types'

/**
 * The store's version, re-rendering the caller at most once per `intervalMs`: lists and
 * counters do not need every message of a busy fleet.
 */
export function useFleetVersion(store: LiveFleetStore, intervalMs: number): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      let timer: ReturnType<typeof setTimeout> | null = null
      let last = 0
      const unsubscribe = store.subscribe(() => {
        if (timer) return
        const wait = Math.max(0, last + intervalMs - Date.now())
        timer = setTimeout(() => {
          timer = null
          last = Date.now()
          onChange()
        }, wait)
      })
      return () => {
        unsubscribe()
        if (timer) clearTimeout(timer)
      }
    },
    [store, intervalMs]
  )
  return useSyncExternalStore(
    subscribe,
    () => store.version,
    () => store.version
  )
}

/** One vehicle of the store, refreshed at most once per `intervalMs`. */
export function useFleetVehicle(
  store: LiveFleetStore,
  id: number,
  intervalMs = 500
): MapVehicle | undefined {
  useFleetVersion(store, intervalMs)
  return store.get(id)
}
