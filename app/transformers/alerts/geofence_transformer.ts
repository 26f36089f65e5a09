import type { GeofenceRow } from '#queries/alerts/geofences'
import type { GeofenceShape } from '#tracking/geofences/geometry'

/** A geofence as the settings page and the map layers read it. */
export function geofenceForPage(row: GeofenceRow) {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    description: row.description ?? '',
    shape: row.shape as GeofenceShape,
    assignTo: row.assign_to,
    deviceIds: row.device_ids ?? [],
    groupIds: row.group_ids ?? [],
    active: row.active,
  }
}

/** What a map layer needs. */
export function geofenceForMap(row: GeofenceRow) {
  return { id: row.id, name: row.name, color: row.color, shape: row.shape as GeofenceShape }
}

export type GeofenceForPage = ReturnType<typeof geofenceForPage>
export type GeofenceForMap = ReturnType<typeof geofenceForMap>
