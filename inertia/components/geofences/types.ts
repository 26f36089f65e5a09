import type { Data } from '~generated/data'

/** What app/transformers/alerts/geofence_transformer.ts sends (generated types). */
export type { LatLon } from '#shared/lat_lon'

export type GeofenceShape = Data.Alerts.Geofence['shape']

/** A zone as the map layers draw it (`GeofenceController.data`). */
export type MapZone = Data.Alerts.Geofence.Variants['forMap']

/** A zone as the geofences page lists and edits it. */
export type PageZone = Data.Alerts.Geofence
