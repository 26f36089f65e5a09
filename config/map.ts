import env from '#start/env'
import { mapLayerNames, type MapLayerName } from '#shared/user_settings'

export { mapLayerNames, type MapLayerName }

/**
 * Map tiles. MAP_TILE_URL (and MAP_ATTRIBUTION) replace the OpenStreetMap layer, for a
 * self-hosted or commercial tile server; `none` draws no tiles (offline machines, benchmarks).
 * Each user picks a default layer in their settings (users.default_map_layer).
 */

export interface MapLayer {
  url: string | null
  attribution: string
  maxZoom: number
}

const osmAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
const tileUrl = env.get('MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')

const mapConfig = {
  layers: {
    'osm': {
      url: tileUrl === 'none' ? null : tileUrl,
      attribution: env.get('MAP_ATTRIBUTION', osmAttribution),
      maxZoom: 19,
    },
    'osm-hot': {
      url: tileUrl === 'none' ? null : 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
      attribution: `${osmAttribution}, tiles by <a href="https://www.hotosm.org/">HOT</a>`,
      maxZoom: 19,
    },
    'topo': {
      url: tileUrl === 'none' ? null : 'https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png',
      attribution: `${osmAttribution}, <a href="https://opentopomap.org">OpenTopoMap</a> (CC-BY-SA)`,
      maxZoom: 17,
    },
  } satisfies Record<MapLayerName, MapLayer>,
  /** Where a map with nothing to show opens: Türkiye. */
  defaultCenter: [39.0, 35.0] as [number, number],
  defaultZoom: 6,
}

export default mapConfig
