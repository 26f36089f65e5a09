import { lazy, Suspense } from 'react'
import { ClientOnly } from '~/components/map/client_only'
import type { LiveMapViewProps } from '~/components/map/live_map_view'
import { MapPlaceholder } from '~/components/map/map_placeholder'

const loadLiveMapView = () => import('~/components/map/live_map_view')

// In the browser the map's code starts loading with the page, while React hydrates it.
if (typeof window !== 'undefined') void loadLiveMapView()

const LiveMapView = lazy(loadLiveMapView)

/**
 * The live map, SSR-safe: Leaflet touches `window` when imported, so its module loads in
 * the browser only; the server renders a placeholder of the same size.
 */
export function LiveMap(props: LiveMapViewProps) {
  return (
    <ClientOnly fallback={<MapPlaceholder />}>
      <Suspense fallback={<MapPlaceholder />}>
        <LiveMapView {...props} />
      </Suspense>
    </ClientOnly>
  )
}
