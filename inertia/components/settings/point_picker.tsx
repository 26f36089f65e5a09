import { lazy, Suspense } from 'react'
import { ClientOnly } from '~/components/map/client_only'
import { MapPlaceholder } from '~/components/map/map_placeholder'
import type { PointPickerViewProps } from '~/components/settings/point_picker_view'

const PointPickerView = lazy(() => import('~/components/settings/point_picker_view'))

/** The point picker map, SSR-safe (Leaflet loads in the browser only). */
export function PointPicker(props: PointPickerViewProps) {
  return (
    <ClientOnly fallback={<MapPlaceholder />}>
      <Suspense fallback={<MapPlaceholder />}>
        <PointPickerView {...props} />
      </Suspense>
    </ClientOnly>
  )
}
