/**
 * A point as [latitude, longitude], the way geofences and tracks send it.
 *
 * The generated page types (`Data.*`) serialize every array as `T[]`, so a tuple would reach
 * the page as `number[]`. `ExtendedJSONTypes` is the transformers' own list of types kept as
 * they are: a `LatLon` stays a pair in `Data.Alerts.Geofence`.
 */
export type LatLon = [number, number]

declare module '@adonisjs/http-transformers/types' {
  interface ExtendedJSONTypes {
    latLon: LatLon
  }
}
