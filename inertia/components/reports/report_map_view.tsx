import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { memo, useEffect, useMemo } from 'react'
import { CircleMarker, MapContainer, Polyline, ZoomControl, useMap } from 'react-leaflet'
import { featureKey, type ReportMap } from '#shared/report_map'
import { BaseTiles, initialView } from '~/components/map/tile_layer'
import type { MapSettings } from '~/components/map/types'

export type ReportMapViewProps = {
  settings: MapSettings
  map: ReportMap
  /** The key of the row the table has focused (`featureKey`), shown above the rest. */
  highlighted: string | null
}

const FIT: L.FitBoundsOptions = { padding: [24, 24], maxZoom: 15, animate: false }
const TRIP = { color: '#2563eb', weight: 3, opacity: 0.6 }
const TRIP_HIGHLIGHT = { color: '#c2410c', weight: 6, opacity: 1 }
const STOP = { color: '#ffffff', weight: 2, fillColor: '#1d4ed8', fillOpacity: 0.9 }
const STOP_HIGHLIGHT = { color: '#ffffff', weight: 3, fillColor: '#c2410c', fillOpacity: 1 }

function boundsOf(points: [number, number][]) {
  return points.length > 0 ? L.latLngBounds(points) : null
}

/** Every trip and stop, drawn once per map (on a canvas: a month may hold a thousand). */
const Features = memo(function AllFeatures({ map }: { map: ReportMap }) {
  return (
    <>
      {map.trips.map((trip) => (
        <Polyline
          key={`t${trip.deviceId}@${trip.startTime}`}
          positions={trip.path}
          pathOptions={TRIP}
        />
      ))}
      {map.stops.map((stop) => (
        <CircleMarker
          key={`s${stop.deviceId}@${stop.startTime}`}
          center={[stop.lat, stop.lon]}
          radius={5}
          pathOptions={STOP}
        />
      ))}
    </>
  )
})

/** The highlighted row's trip or stop, above the rest, with the view moved onto it. */
function Highlight({ map, highlighted }: { map: ReportMap; highlighted: string | null }) {
  const leaflet = useMap()
  const found = useMemo(() => {
    if (!highlighted) return null
    const trip = map.trips.find((item) => featureKey(item.deviceId, item.startTime) === highlighted)
    if (trip) return { kind: 'trip' as const, points: trip.path }
    const stop = map.stops.find((item) => featureKey(item.deviceId, item.startTime) === highlighted)
    return stop
      ? { kind: 'stop' as const, points: [[stop.lat, stop.lon]] as [number, number][] }
      : null
  }, [map, highlighted])
  useEffect(() => {
    const bounds = found && boundsOf(found.points)
    if (!bounds) return
    if (!leaflet.getBounds().contains(bounds)) leaflet.fitBounds(bounds, FIT)
  }, [leaflet, found])
  if (!found) return null
  return found.kind === 'trip' ? (
    <Polyline positions={found.points} pathOptions={TRIP_HIGHLIGHT} />
  ) : (
    <CircleMarker center={found.points[0]} radius={9} pathOptions={STOP_HIGHLIGHT} />
  )
}

/** The map beside a report's table (Leaflet): loaded in the browser only, see ReportMapPanel. */
export default function ReportMapView({ settings, map, highlighted }: ReportMapViewProps) {
  const bounds = useMemo(
    () =>
      boundsOf([
        ...map.trips.flatMap((trip) => trip.path),
        ...map.stops.map((stop) => [stop.lat, stop.lon] as [number, number]),
      ]),
    [map]
  )
  return (
    <MapContainer
      {...initialView(settings, bounds, FIT)}
      zoomControl={false}
      preferCanvas
      className="size-full bg-slate-100"
    >
      <BaseTiles settings={settings} layer={settings.defaultLayer} />
      <ZoomControl position="bottomright" />
      <Features map={map} />
      <Highlight map={map} highlighted={highlighted} />
    </MapContainer>
  )
}
