import type { MapVehicle, MapVehicleTuple } from '~/components/map/types'

/** Reads a vehicle of the live map's payload (a tuple, see MapVehicleTuple). */
export function decodeMapVehicle(tuple: MapVehicleTuple): MapVehicle {
  const [id, name, plate, imei, groupId, driver, lat, lon, speed, course, status, ignition] = tuple
  const lastSeen = tuple[12]
  return {
    id,
    name,
    plate,
    imei,
    groupId,
    driver,
    lat,
    lon,
    speed,
    course,
    status,
    ignition,
    lastSeen: lastSeen === null ? null : new Date(lastSeen).toISOString(),
  }
}
