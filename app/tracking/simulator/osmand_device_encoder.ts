import { KNOTS_TO_KMH } from '../position.js'
import type { DeviceFix } from './device_fix.js'

/**
 * The Traccar Client (OsmAnd protocol) report of a fix: the query-string form, speed in knots,
 * time in Unix seconds. Sent as `POST /?<query>` with an empty body, like the app does.
 */
export function encodeOsmAndQuery(id: string, fix: DeviceFix): string {
  const params = new URLSearchParams({
    id,
    timestamp: String(Math.floor(fix.time.getTime() / 1000)),
    lat: fix.latitude.toFixed(6),
    lon: fix.longitude.toFixed(6),
    speed: (fix.speed / KNOTS_TO_KMH).toFixed(2),
    bearing: String(fix.course),
    altitude: String(fix.altitude),
    accuracy: String(fix.satellites >= 10 ? 5 : 10),
    batt: String(fix.ignition ? 100 : 87),
    charge: String(fix.ignition),
  })
  return params.toString()
}
