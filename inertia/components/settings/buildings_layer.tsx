import { useEffect, useState } from 'react'
import { CircleMarker, LayerGroup, LayersControl, Tooltip } from 'react-leaflet'
import { useI18n } from '~/lib/i18n'
import { useRoute } from '~/lib/routes'

type Building = { id: number; name: string; latitude: number; longitude: number }

/**
 * The company's buildings (settings) as a layer of a Leaflet map, on by default and switched
 * off from the map's layer control. Loaded in the browser from the buildings' JSON.
 */
export function BuildingsLayer() {
  const { t } = useI18n()
  const path = useRoute()
  const [buildings, setBuildings] = useState<Building[]>([])
  const [error, setError] = useState<string | null>(null)
  const url = `${path('settings.buildings').replace(/\/$/, '')}/data`

  useEffect(() => {
    const controller = new AbortController()
    fetch(url, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const body = (await response.json()) as { buildings: Building[] }
        setBuildings(body.buildings)
      })
      .catch((failure: Error) => {
        if (failure.name !== 'AbortError') setError(failure.message)
      })
    return () => controller.abort()
  }, [url])

  if (error) {
    return (
      <div className="leaflet-top leaflet-left" style={{ marginTop: 8, marginLeft: 8 }}>
        <p
          role="status"
          className="leaflet-control rounded bg-white px-2 py-1 text-xs text-red-700 shadow"
        >
          {t('settings.fetch_failed', { error })}
        </p>
      </div>
    )
  }
  if (buildings.length === 0) return null
  return (
    <LayersControl position="topright">
      <LayersControl.Overlay checked name={t('settings.buildings.layer')}>
        <LayerGroup>
          {buildings.map((building) => (
            <CircleMarker
              key={building.id}
              center={[building.latitude, building.longitude]}
              radius={7}
              pathOptions={{ color: '#312e81', fillColor: '#6366f1', fillOpacity: 0.85, weight: 2 }}
            >
              <Tooltip>{building.name}</Tooltip>
            </CircleMarker>
          ))}
        </LayerGroup>
      </LayersControl.Overlay>
    </LayersControl>
  )
}
