/**
 * The compact tuples the live map and the history page receive: a company may have thousands
 * of vehicles, a day of fixes tens of thousands of points, and without repeated keys the
 * payload is a third of the size.
 *
 * The generated page types (`Data.*`) serialize every array as `T[]`; listing the tuples in
 * the transformers' `ExtendedJSONTypes` (as `LatLon` is, app/shared/lat_lon.ts) keeps them
 * tuples in `Data.Live.MapVehicle` and `Data.Live.History`.
 */

export const liveStatuses = ['moving', 'idle', 'stopped', 'offline'] as const
export type LiveStatus = (typeof liveStatuses)[number]

/**
 * A vehicle on the live map (app/transformers/live/map_vehicle_transformer.ts), read by
 * `decodeMapVehicle` (inertia/components/map/map_vehicle.ts). The position has 5 decimals
 * (about a metre); the last fix is in epoch ms.
 */
export type MapVehicleTuple = [
  id: number,
  name: string,
  plate: string | null,
  imei: string,
  groupId: number | null,
  driver: string | null,
  lat: number | null,
  lon: number | null,
  speed: number,
  course: number,
  status: LiveStatus,
  ignition: boolean | null,
  lastSeen: number | null,
]

/** A point of a history track (app/transformers/live/history_transformer.ts). */
export type TrackPoint = [time: number, lat: number, lon: number, speed: number, course: number]

declare module '@adonisjs/http-transformers/types' {
  interface ExtendedJSONTypes {
    mapVehicle: MapVehicleTuple
    trackPoint: TrackPoint
  }
}
