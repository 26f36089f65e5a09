/** What app/transformers/alerts/geofence_transformer.ts sends. */
export type LatLon = [number, number]

export type GeofenceShape =
  { type: 'circle'; center: LatLon; radius: number } | { type: 'polygon'; points: LatLon[] }

export type MapZone = {
  id: number
  name: string
  color: string
  shape: GeofenceShape
}

export type PageZone = MapZone & {
  description: string
  assignTo: 'all' | 'devices' | 'groups'
  deviceIds: number[]
  groupIds: number[]
  active: boolean
}
