import { TileLayer } from 'react-leaflet'
import type { MapLayerName, MapSettings } from '~/components/map/types'

/** The user's tile layer; none when the server has no tile source (MAP_TILE_URL=none). */
export function BaseTiles({ settings, layer }: { settings: MapSettings; layer: MapLayerName }) {
  const source = settings.layers[layer] ?? settings.layers.osm
  if (!source?.url) return null
  return (
    <TileLayer
      key={layer}
      url={source.url}
      attribution={source.attribution}
      maxZoom={source.maxZoom}
      subdomains={['a', 'b', 'c']}
    />
  )
}
