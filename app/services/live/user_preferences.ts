import { DateTime } from 'luxon'
import type User from '#models/user'
import mapConfig, { mapLayerNames, type MapLayerName } from '#config/map'
import type { MapSettings } from '#shared/user_settings'

export interface UserPreferences {
  timezone: string
  dateFormat: string
}

const FALLBACK_TIMEZONE = 'UTC'

/** The user's time zone when the runtime knows it, else UTC (a stale or mistyped setting). */
export function timezoneOf(user: Pick<User, 'timezone'> | null | undefined): string {
  const zone = user?.timezone
  if (zone && DateTime.now().setZone(zone).isValid) return zone
  return FALLBACK_TIMEZONE
}

/** How the live pages show times: in the user's time zone and date format. */
export function preferencesOf(user: Pick<User, 'timezone' | 'dateFormat'> | null | undefined) {
  return {
    timezone: timezoneOf(user),
    dateFormat: user?.dateFormat ?? 'dd.MM.yyyy',
  } satisfies UserPreferences
}

/** The tile layers and the user's default one, for pages that draw a map. */
export function mapSettingsOf(user: Pick<User, 'defaultMapLayer'> | null | undefined) {
  const chosen = user?.defaultMapLayer as MapLayerName | undefined
  return {
    layers: mapConfig.layers,
    defaultLayer: chosen && mapLayerNames.includes(chosen) ? chosen : ('osm' as MapLayerName),
    center: mapConfig.defaultCenter,
    zoom: mapConfig.defaultZoom,
  } satisfies MapSettings
}
