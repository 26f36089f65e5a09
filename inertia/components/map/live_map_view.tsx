import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { MapContainer, ZoomControl, useMap } from 'react-leaflet'
import { FIT_OPTIONS, FleetMarkers, fleetBounds } from '~/components/map/fleet_markers'
import type { LiveFleetStore } from '~/components/map/live_fleet_store'
import { BaseTiles, initialView } from '~/components/map/tile_layer'
import { BuildingsLayer } from '~/components/settings/buildings_layer'
import { GeofenceOverlay } from '~/components/geofences/geofence_overlay'
import type { MapLayerName, MapSettings, MapVehicle } from '~/components/map/types'

export interface LiveMapViewProps {
  store: LiveFleetStore
  settings: MapSettings
  layer: MapLayerName
  filter: (vehicle: MapVehicle) => boolean
  selectedId: number | null
  following: boolean
  /** Bumped to fly to the selected vehicle (a click in the list). */
  focusRequest: number
  onSelect: (id: number | null) => void
  renderPopup: (id: number) => ReactNode
  onFirstRender?: () => void
}

function FleetLayer(props: Omit<LiveMapViewProps, 'settings' | 'layer'> & { fitted: boolean }) {
  const map = useMap()
  const [markers, setMarkers] = useState<FleetMarkers | null>(null)
  const [container] = useState(() => document.createElement('div'))
  const callbacks = useRef(props)

  useEffect(() => {
    callbacks.current = props
  })

  useEffect(() => {
    const fleet = new FleetMarkers(map, props.store, {
      filter: callbacks.current.filter,
      fitted: callbacks.current.fitted,
      onSelect: (id) => callbacks.current.onSelect(id),
      onFirstRender: () => callbacks.current.onFirstRender?.(),
    })
    setMarkers(fleet)
    return () => fleet.destroy()
  }, [map, props.store])

  useEffect(() => {
    markers?.setFilter(props.filter)
  }, [markers, props.filter])

  useEffect(() => {
    markers?.setSelection(props.selectedId, props.following)
  }, [markers, props.selectedId, props.following])

  useEffect(() => {
    if (props.focusRequest > 0 && props.selectedId !== null) markers?.focus(props.selectedId)
    // Only a new request flies; a changed selection alone does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markers, props.focusRequest])

  // The popup of the selected vehicle, with React content, following the vehicle.
  useEffect(() => {
    const { selectedId, store } = props
    if (selectedId === null) return
    const at = () => {
      const vehicle = store.get(selectedId)
      return vehicle && vehicle.lat !== null && vehicle.lon !== null
        ? L.latLng(vehicle.lat, vehicle.lon)
        : null
    }
    const position = at()
    if (!position) return
    const current = L.popup({
      className: 'ft-popup',
      offset: [0, -12],
      maxWidth: 320,
      minWidth: 240,
      autoClose: false,
      closeOnClick: false,
    })
      .setLatLng(position)
      .setContent(container)
      .openOn(map)
    // Closed by its button: nothing is selected any more.
    const onClose = () => callbacks.current.onSelect(null)
    current.on('remove', onClose)
    const stopFollowing = store.subscribe(() => {
      const next = at()
      if (next && !next.equals(current.getLatLng()!)) current.setLatLng(next)
    })
    return () => {
      stopFollowing()
      current.off('remove', onClose)
      current.remove()
    }
    // The popup is opened once per selection; its content follows through the portal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, props.selectedId, props.store, container])

  return props.selectedId === null
    ? null
    : createPortal(props.renderPopup(props.selectedId), container)
}

/** The live map itself (Leaflet): loaded in the browser only, see LiveMap. */
export default function LiveMapView(props: LiveMapViewProps) {
  const { settings, layer, ...layerProps } = props
  // Created around the fleet at once: a first view at the default center would lay out its
  // tiles and markers only to be replaced.
  const [bounds] = useState(() => fleetBounds(props.store, props.filter))
  return (
    <MapContainer
      {...initialView(settings, bounds, FIT_OPTIONS)}
      zoomControl={false}
      className="size-full bg-slate-100"
      worldCopyJump
    >
      <BaseTiles settings={settings} layer={layer} />
      <GeofenceOverlay />
      <ZoomControl position="bottomright" />
      <FleetLayer {...layerProps} fitted={bounds !== null} />
      <BuildingsLayer />
    </MapContainer>
  )
}
