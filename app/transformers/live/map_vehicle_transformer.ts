import { BaseTransformer } from '@adonisjs/core/transformers'
import type { MapVehicleRow } from '#queries/live/map_vehicles'
import type { LiveStatus, MapVehicleTuple } from '#shared/live_tuples'

export type { LiveStatus, MapVehicleTuple }

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
 * The live map's vehicles (LiveMapController.fleet's answer), each as a tuple
 * (`MapVehicleTuple`, app/shared/live_tuples.ts: its order, and why a tuple). The page's
 * type is generated from this class (`Data.Live.MapVehicle`), the tuples kept as tuples.
 */
export default class MapVehicleTransformer extends BaseTransformer<MapVehicleRow[]> {
  toObject() {
    return { vehicles: this.resource.map(vehicleForMap) }
  }
}

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
