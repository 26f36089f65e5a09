import L from 'leaflet'
import type { GeofenceShape, MapZone } from './types'

/** A Leaflet layer of a zone's shape, in its colour. */
export function shapeLayer(shape: GeofenceShape, color: string, options: L.PathOptions = {}) {
  const style = { color, weight: 2, fillOpacity: 0.15, ...options }
  return shape.type === 'circle'
    ? L.circle(shape.center, { ...style, radius: shape.radius })
    : L.polygon(shape.points, style)
}

/** The shape of a drawn or edited layer (a rectangle becomes a polygon). */
export function shapeOf(layer: L.Layer): GeofenceShape | null {
  if (layer instanceof L.Circle) {
    const center = layer.getLatLng()
    return {
      type: 'circle',
      center: [round(center.lat), round(center.lng)],
      radius: Math.round(layer.getRadius()),
    }
  }
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][] | L.LatLng[]
    const ring = (Array.isArray(rings[0]) ? rings[0] : rings) as L.LatLng[]
    return { type: 'polygon', points: ring.map((point) => [round(point.lat), round(point.lng)]) }
  }
  return null
}

function round(value: number) {
  return Math.round(value * 1e6) / 1e6
}

/** Read-only zones on a map (live map, history), each with its name as a tooltip. */
export function addZoneLayers(map: L.Map, zones: MapZone[]) {
  const group = L.layerGroup()
  for (const zone of zones) {
    const layer = shapeLayer(zone.shape, zone.color, { interactive: true })
    layer.bindTooltip(zone.name, { sticky: true })
    group.addLayer(layer)
  }
  group.addTo(map)
  return group
}
