/**
 * The choices of a user's settings (spec §3), declared once for the validator, the server's
 * defaults and the settings page.
 */
export const dateFormats = ['dd.MM.yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'] as const
export type DateFormat = (typeof dateFormats)[number]

/** The map's base layers (their tiles are in config/map.ts). */
export const mapLayerNames = ['osm', 'osm-hot', 'topo'] as const
export type MapLayerName = (typeof mapLayerNames)[number]

/** Where the user lands after signing in. */
export const homePages = ['backend', 'history', 'reports', 'assets'] as const
export type HomePage = (typeof homePages)[number]
