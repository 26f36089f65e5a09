/**
 * The choices of a user's settings (spec §3), declared once for the validator, the server's
 * defaults and the settings page.
 */
export const dateFormats = ['dd.MM.yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const
export type DateFormat = (typeof dateFormats)[number]

/** The map's base layers (their tiles are in config/map.ts). */
export const mapLayerNames = ['osm', 'osm-hot', 'topo'] as const
export type MapLayerName = (typeof mapLayerNames)[number]

/** What a page that draws a map receives: the tile layers and the user's default one. */
export type MapSettings = {
  layers: Record<MapLayerName, { url: string | null; attribution: string; maxZoom: number }>
  defaultLayer: MapLayerName
  center: [number, number]
  zoom: number
}

/** Where the user lands after signing in. */
export const homePages = ['backend', 'history', 'reports', 'assets'] as const
export type HomePage = (typeof homePages)[number]
