import type { MapVehicleRow } from '#queries/live/map_vehicles'

export type LiveStatus = 'moving' | 'idle' | 'stopped' | 'offline'

/** Offline when the device never reported or the listener marked it offline. */
export function liveStatusOf(row: {
  has_state: boolean
  online: boolean | null
  live_status: string | null
}): LiveStatus {
  if (!row.has_state || !row.online) return 'offline'
  return row.live_status === 'moving' || row.live_status === 'idle' ? row.live_status : 'stopped'
}

function round(value: number | null, digits: number) {
  if (value === null) return null
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/**
 * A vehicle on the live map, as a tuple: a company may have thousands, and the page carries
 * them all; without repeated keys the payload is a third of the size. The page reads it with
 * `decodeMapVehicle` (inertia/components/map/map_vehicle.ts), in this order:
 * id, name, plate, IMEI, group id, driver, latitude, longitude (5 decimals, about a metre),
 * speed km/h, course, status, ignition, last seen (epoch ms).
 */
export type MapVehicleTuple = [
  number,
  string,
  string | null,
  string,
  number | null,
  string | null,
  number | null,
  number | null,
  number,
  number,
  LiveStatus,
  boolean | null,
  number | null,
]

export function vehicleForMap(row: MapVehicleRow): MapVehicleTuple {
  return [
    row.id,
    row.name,
    row.plate,
    row.imei,
    row.group_id,
    row.driver_name,
    round(row.latitude, 5),
    round(row.longitude, 5),
    Math.round(row.speed ?? 0),
    Math.round(row.course ?? 0),
    liveStatusOf(row),
    row.ignition,
    row.last_seen_ms,
  ]
}

/**
 * The live map popup's detail (AssetsController.place): the vehicle's current place by name
 * and the history playback at its last fix, null without a position.
 */
export type MapVehiclePlace = { place: string | null; playback: string | null }

export function vehiclePlace(place: string | null, playback: string | null): MapVehiclePlace {
  return { place, playback: place ? playback : null }
}
