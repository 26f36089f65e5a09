import 'leaflet/dist/leaflet.css'
import './leaflet_global'
import '@geoman-io/leaflet-geoman-free'
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css'
import L from 'leaflet'
import { useEffect, useRef } from 'react'
import { MapContainer, useMap } from 'react-leaflet'
import { BaseTiles } from '~/components/map/tile_layer'
import { useI18n } from '~/lib/i18n'
import type { MapSettings } from '~/components/map/types'
import { shapeLayer, shapeOf } from './zone_layers'
import type { GeofenceShape, PageZone } from './types'

export interface GeofenceEditorViewProps {
  settings: MapSettings
  zones: PageZone[]
  /** The zone being edited (null: a new one). */
  editingId: number | null
  shape: GeofenceShape | null
  color: string
  canEdit: boolean
  locale: string
  onShapeChange: (shape: GeofenceShape | null) => void
  onSelect: (id: number) => void
}

function Layers(props: GeofenceEditorViewProps) {
  const map = useMap()
  const callbacks = useRef(props)
  const draft = useRef<L.Layer | null>(null)
  useEffect(() => {
    callbacks.current = props
  })

  // Drawing tools (Geoman), for owners and admins.
  useEffect(() => {
    if (!props.canEdit) return
    map.pm.setLang(props.locale === 'tr' ? 'tr' : 'en')
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawText: false,
      cutPolygon: false,
      rotateMode: false,
      removalMode: false,
      drawRectangle: true,
      drawPolygon: true,
      drawCircle: true,
      editMode: true,
      dragMode: true,
    })
    map.pm.setGlobalOptions({ allowSelfIntersection: false })
    const created = (event: { layer: L.Layer }) => {
      // The drawn layer replaces the draft; the form's shape follows it.
      event.layer.remove()
      callbacks.current.onShapeChange(shapeOf(event.layer))
    }
    map.on('pm:create', created)
    return () => {
      map.off('pm:create', created)
      map.pm.removeControls()
    }
  }, [map, props.canEdit, props.locale])

  // The other zones, read-only; a click picks one to edit.
  useEffect(() => {
    const group = L.layerGroup()
    for (const zone of props.zones) {
      if (zone.id === props.editingId) continue
      const layer = shapeLayer(zone.shape, zone.color, {
        dashArray: zone.active ? undefined : '4 4',
        pmIgnore: true,
      } as L.PathOptions)
      layer.bindTooltip(zone.name, { sticky: true })
      layer.on('click', () => callbacks.current.onSelect(zone.id))
      group.addLayer(layer)
    }
    group.addTo(map)
    return () => {
      group.remove()
    }
  }, [map, props.zones, props.editingId])

  // The zone being drawn or edited, editable with Geoman's edit and drag modes.
  useEffect(() => {
    draft.current?.remove()
    draft.current = null
    if (!props.shape) return
    const layer = shapeLayer(props.shape, props.color, { weight: 3, fillOpacity: 0.25 })
    const changed = () => callbacks.current.onShapeChange(shapeOf(layer))
    layer.on('pm:edit', changed)
    layer.on('pm:dragend', changed)
    layer.addTo(map)
    draft.current = layer
    return () => {
      layer.off('pm:edit', changed)
      layer.off('pm:dragend', changed)
      layer.remove()
    }
  }, [map, props.shape, props.color])

  // Bring the edited zone into view when another one is chosen.
  useEffect(() => {
    if (!draft.current) return
    const bounds = (draft.current as L.Circle | L.Polygon).getBounds()
    if (bounds.isValid()) map.fitBounds(bounds, { maxZoom: 16, padding: [24, 24] })
    // Only when the zone being edited changes, not on every reshape.
  }, [map, props.editingId])

  return null
}

export default function GeofenceEditorView(props: GeofenceEditorViewProps) {
  const { t } = useI18n()
  return (
    <MapContainer
      center={props.settings.center}
      zoom={props.settings.zoom}
      className="size-full"
      aria-label={t('alerts.geofences.map_label')}
    >
      <BaseTiles settings={props.settings} layer={props.settings.defaultLayer} />
      <Layers {...props} />
    </MapContainer>
  )
}
