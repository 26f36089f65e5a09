import type L from 'leaflet'
import { useState } from 'react'
import { TileLayer } from 'react-leaflet'
import type { MapLayerName, MapSettings } from '~/components/map/types'
import { useI18n } from '~/lib/i18n'

/** Failed tiles, with none loaded, after which the map says the tile server is out of reach. */
const FAILURES_BEFORE_NOTICE = 3

/**
 * Where a map first looks, spread onto its MapContainer: around `bounds` (what it shows, fitted
 * with `fit`), or, with nothing to show yet, the user's default centre and zoom.
 */
export function initialView(
  settings: MapSettings,
  bounds: L.LatLngBounds | null,
  fit: L.FitBoundsOptions
) {
  return bounds ? { bounds, boundsOptions: fit } : { center: settings.center, zoom: settings.zoom }
}

/**
 * The user's tile layer; none when the server has no tile source (MAP_TILE_URL=none). When
 * the tile server cannot be reached (a closed network), the map says so once, in the page's
 * language, instead of showing a silent grey area.
 */
export function BaseTiles({ settings, layer }: { settings: MapSettings; layer: MapLayerName }) {
  const { t } = useI18n()
  const [health, setHealth] = useState({ layer, loaded: 0, failed: 0 })
  const source = settings.layers[layer] ?? settings.layers.osm
  if (!source?.url) return null
  // Counts start again for another layer.
  const current = health.layer === layer ? health : { layer, loaded: 0, failed: 0 }
  const unreachable = current.loaded === 0 && current.failed >= FAILURES_BEFORE_NOTICE
  return (
    <>
      <TileLayer
        key={layer}
        url={source.url}
        attribution={source.attribution}
        maxZoom={source.maxZoom}
        subdomains={['a', 'b', 'c']}
        eventHandlers={{
          tileload: () =>
            setHealth((state) =>
              state.layer === layer && state.loaded > 0
                ? state
                : { layer, loaded: 1, failed: state.layer === layer ? state.failed : 0 }
            ),
          tileerror: () =>
            setHealth((state) =>
              state.layer === layer
                ? { ...state, failed: state.failed + 1 }
                : { layer, loaded: 0, failed: 1 }
            ),
        }}
      />
      {unreachable && (
        // At the bottom: the top corners hold the layer switch (live map) and the alarm and
        // parking toggles (history), which the notice covered or hid behind.
        <div
          role="status"
          data-testid="map-tiles-unavailable"
          className="pointer-events-none absolute inset-x-0 bottom-8 z-[1000] mx-auto w-fit max-w-[90%] rounded-lg bg-white/95 px-4 py-2 text-center text-sm text-slate-700 shadow ring-1 ring-slate-900/10"
        >
          {t('live.map.tiles_unavailable')}
        </div>
      )}
    </>
  )
}
