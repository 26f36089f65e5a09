import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect } from 'react'
import { CircleMarker, MapContainer, Tooltip, useMap, useMapEvents } from 'react-leaflet'
import { BaseTiles } from '~/components/map/tile_layer'
import type { MapSettings } from '~/components/map/types'

export interface PickerPoint {
  id: number
  name: string
  latitude: number
  longitude: number
}

export interface PointPickerViewProps {
  settings: MapSettings
  points: PickerPoint[]
  /** The point being edited, drawn apart; null when none is picked yet. */
  picked: { latitude: number; longitude: number } | null
  onPick: (latitude: number, longitude: number) => void
  label: string
}

function ClickToPick({ onPick }: { onPick: PointPickerViewProps['onPick'] }) {
  useMapEvents({
    click: (event) => onPick(event.latlng.lat, event.latlng.lng),
  })
  return null
}

/** Brings every saved point into view once, then the picked one whenever it changes. */
function FitView({ points, picked }: Pick<PointPickerViewProps, 'points' | 'picked'>) {
  const map = useMap()
  useEffect(() => {
    if (points.length === 0) return
    map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude])), {
      padding: [40, 40],
      maxZoom: 15,
    })
    // Only on first draw: saving or picking does not move the map by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map])
  useEffect(() => {
    if (picked && !map.getBounds().contains([picked.latitude, picked.longitude])) {
      map.panTo([picked.latitude, picked.longitude])
    }
  }, [map, picked])
  return null
}

/** A map of the company's buildings where a click picks the coordinates of the edited one. */
export default function PointPickerView({
  settings,
  points,
  picked,
  onPick,
  label,
}: PointPickerViewProps) {
  return (
    <MapContainer
      center={settings.center}
      zoom={settings.zoom}
      className="size-full cursor-crosshair bg-slate-100"
      aria-label={label}
    >
      <BaseTiles settings={settings} layer={settings.defaultLayer} />
      <ClickToPick onPick={onPick} />
      <FitView points={points} picked={picked} />
      {points.map((point) => (
        <CircleMarker
          key={point.id}
          center={[point.latitude, point.longitude]}
          radius={8}
          pathOptions={{ color: '#1e40af', fillColor: '#3b82f6', fillOpacity: 0.8, weight: 2 }}
        >
          <Tooltip>{point.name}</Tooltip>
        </CircleMarker>
      ))}
      {picked ? (
        <CircleMarker
          center={[picked.latitude, picked.longitude]}
          radius={10}
          pathOptions={{ color: '#b91c1c', fillColor: '#ef4444', fillOpacity: 0.9, weight: 3 }}
        />
      ) : null}
    </MapContainer>
  )
}
