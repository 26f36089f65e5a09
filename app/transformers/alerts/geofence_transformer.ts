import { BaseTransformer } from '@adonisjs/core/transformers'
import type { GeofenceRow } from '#queries/alerts/geofences'
import type { LatLon } from '#shared/lat_lon'

/** A geofence's shape as the pages draw it: centre and corners as [lat, lon] pairs. */
export type GeofenceShapeForPage =
  { type: 'circle'; center: LatLon; radius: number } | { type: 'polygon'; points: LatLon[] }

/**
 * A geofence as the settings page (`toObject`) and the map layers (`forMap`) read it; their
 * types are generated from this class (`Data.Alerts.Geofence`, `...Variants['forMap']`).
 */
export default class GeofenceTransformer extends BaseTransformer<GeofenceRow> {
  toObject() {
    const row = this.resource
    return {
      id: row.id,
      name: row.name,
      color: row.color,
      description: row.description ?? '',
      shape: row.shape as GeofenceShapeForPage,
      assignTo: row.assign_to,
      deviceIds: row.device_ids ?? [],
      groupIds: row.group_ids ?? [],
      active: row.active,
    }
  }

  forMap() {
    const row = this.resource
    return {
      id: row.id,
      name: row.name,
      color: row.color,
      shape: row.shape as GeofenceShapeForPage,
    }
  }
}

/** A geofence as the settings page reads it. */
export function geofenceForPage(row: GeofenceRow) {
  return new GeofenceTransformer(row).toObject()
}

/** What a map layer needs. */
export function geofenceForMap(row: GeofenceRow) {
  return new GeofenceTransformer(row).forMap()
}

export type GeofenceForPage = ReturnType<typeof geofenceForPage>
export type GeofenceForMap = ReturnType<typeof geofenceForMap>
