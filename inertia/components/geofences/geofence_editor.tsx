import { lazy, Suspense } from 'react'
import { ClientOnly } from '~/components/map/client_only'
import { MapPlaceholder } from '~/components/map/map_placeholder'
import type { GeofenceEditorViewProps } from './geofence_editor_view'

const loadView = () => import('./geofence_editor_view')
if (typeof window !== 'undefined') void loadView()
const View = lazy(loadView)

/** The geofence drawing map, in the browser only (Leaflet and Geoman touch `window`). */
export function GeofenceEditor(props: GeofenceEditorViewProps) {
  return (
    <ClientOnly fallback={<MapPlaceholder />}>
      <Suspense fallback={<MapPlaceholder />}>
        <View {...props} />
      </Suspense>
    </ClientOnly>
  )
}
