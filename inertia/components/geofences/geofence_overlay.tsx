import L from 'leaflet'
import { useEffect } from 'react'
import { useMap } from 'react-leaflet'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'
import { addZoneLayers } from './zone_layers'
import type { MapZone } from './types'

/**
 * The company's geofences as a layer of a map (live map, history), with a switch in the
 * map's layer control. Loaded once per map from the geofences page's JSON.
 */
export function GeofenceOverlay() {
  const map = useMap()
  const path = useRoute()
  const { t } = useI18n()
  const url = `${path('settings.geofences')}/data`
  const label = t('alerts.geofences.layer')

  useEffect(() => {
    let group: L.LayerGroup | null = null
    let control: L.Control.Layers | null = null
    let cancelled = false
    fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : { zones: [] }))
      .then(({ zones }: { zones: MapZone[] }) => {
        if (cancelled || zones.length === 0) return
        group = addZoneLayers(map, zones)
        control = L.control.layers(
          undefined,
          { [label]: group },
          { collapsed: false, position: 'bottomleft' }
        )
        control.addTo(map)
      })
      .catch(() => {})
    return () => {
      cancelled = true
      control?.remove()
      group?.remove()
    }
  }, [map, url, label])

  return null
}
