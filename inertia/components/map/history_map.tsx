import { lazy, Suspense } from 'react'
import { ClientOnly } from '~/components/map/client_only'
import type { HistoryMapViewProps } from '~/components/map/history_map_view'
import { MapPlaceholder } from '~/components/map/map_placeholder'

const HistoryMapView = lazy(() => import('~/components/map/history_map_view'))

/** The history map, SSR-safe: Leaflet loads in the browser only (see LiveMap). */
export function HistoryMap(props: HistoryMapViewProps) {
  return (
    <ClientOnly fallback={<MapPlaceholder />}>
      <Suspense fallback={<MapPlaceholder />}>
        <HistoryMapView {...props} />
      </Suspense>
    </ClientOnly>
  )
}
