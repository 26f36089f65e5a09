import type { Position, PositionAttributes } from '../../position.js'
import { type OsmAndResult, badRequest } from './osmand_result.js'
import {
  isValidDeviceId,
  isValidLatitude,
  isValidLongitude,
  normalizeCourse,
  parseTimestamp,
} from './osmand_values.js'

type JsonObject = Record<string, unknown>

const MPS_TO_KMH = 3.6

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

function deviceId(root: JsonObject): string {
  const id = root.device_id
  if (typeof id === 'string') return id.trim()
  if (typeof id === 'number' && Number.isFinite(id)) return String(id)
  return ''
}

/**
 * The JSON body newer Traccar Client apps post (Transistorsoft background-geolocation format):
 * { device_id, location: { timestamp, coords: { latitude, longitude, speed m/s, heading,
 * altitude, accuracy }, is_moving, odometer, event, battery: { level 0..1, is_charging },
 * activity: { type }, extras } }. Negative speed, heading or battery level mean unknown.
 */
export function decodeOsmAndJson(body: string, receivedAt: Date): OsmAndResult {
  let root: unknown
  try {
    root = JSON.parse(body)
  } catch {
    return badRequest('malformed JSON')
  }
  if (!isObject(root)) return badRequest('malformed JSON')
  const id = deviceId(root)
  if (!isValidDeviceId(id)) return badRequest('missing or malformed device_id')

  const location = root.location
  if (!isObject(location)) return badRequest('missing location')
  const coords = location.coords
  if (!isObject(coords)) return badRequest('missing coords')
  const latitude = finite(coords.latitude)
  const longitude = finite(coords.longitude)
  if (latitude === undefined || !isValidLatitude(latitude)) return badRequest('malformed latitude')
  if (longitude === undefined || !isValidLongitude(longitude)) {
    return badRequest('malformed longitude')
  }

  let fixTime = receivedAt
  if (location.timestamp !== undefined) {
    const parsed =
      typeof location.timestamp === 'string' ? parseTimestamp(location.timestamp) : null
    if (!parsed) return badRequest('malformed timestamp')
    fixTime = parsed
  }

  const attributes: PositionAttributes = {}
  const accuracy = finite(coords.accuracy)
  if (accuracy !== undefined && accuracy >= 0) attributes.accuracy = accuracy
  if (typeof location.is_moving === 'boolean') attributes.motion = location.is_moving
  const odometer = finite(location.odometer)
  if (odometer !== undefined) attributes.odometer = odometer
  if (typeof location.event === 'string') attributes.event = location.event
  if (location.mock === true) attributes.mock = true

  const battery = location.battery
  if (isObject(battery)) {
    const level = finite(battery.level)
    if (level !== undefined && level >= 0 && level <= 1) {
      attributes.batteryLevel = Math.round(level * 100)
    }
    if (typeof battery.is_charging === 'boolean') attributes.charging = battery.is_charging
  }
  const activity = location.activity
  if (isObject(activity) && typeof activity.type === 'string') attributes.activity = activity.type

  const extras = location.extras
  if (isObject(extras)) {
    for (const key of Object.keys(extras)) {
      const value = extras[key]
      if (!(key in attributes) && (typeof value !== 'object' || value === null)) {
        attributes[key] = value
      }
    }
  }

  const speed = finite(coords.speed)
  const altitude = finite(coords.altitude)
  const position: Position = {
    imei: id,
    fixTime,
    latitude,
    longitude,
    speed: speed !== undefined && speed > 0 ? speed * MPS_TO_KMH : 0,
    course: normalizeCourse(finite(coords.heading)),
    altitude: altitude ?? 0,
    satellites: 0,
    valid: true,
    attributes,
  }
  return { ok: true, position }
}
