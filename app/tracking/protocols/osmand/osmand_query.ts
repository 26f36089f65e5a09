import { KNOTS_TO_KMH, type Position, type PositionAttributes } from '../../position.js'
import { type OsmAndResult, badRequest } from './osmand_result.js'
import {
  attributeValue,
  isValidDeviceId,
  isValidLatitude,
  isValidLongitude,
  normalizeCourse,
  parseBoolean,
  parseNumber,
  parseTimestamp,
} from './osmand_values.js'

export type OsmAndParams = URLSearchParams | Record<string, string | string[] | undefined>

/** Parameters that are not attributes of their own. */
const RESERVED = new Set([
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'batt',
  'charge',
  'valid',
  'driverUniqueId',
  'cell',
  'wifi',
  'notificationToken',
])

/** Repeatable parameters kept as lists. */
const LISTS = new Set(['cell', 'wifi'])

/** Collects every value of every parameter, in order. */
function collect(params: OsmAndParams, into: Map<string, string[]>): void {
  const add = (key: string, value: string) => {
    const values = into.get(key)
    if (values) values.push(value)
    else into.set(key, [value])
  }
  if (params instanceof URLSearchParams) {
    for (const [key, value] of params) add(key, value)
    return
  }
  for (const key of Object.keys(params)) {
    const value = params[key]
    if (Array.isArray(value)) value.forEach((item) => add(key, item))
    else if (value !== undefined) add(key, value)
  }
}

function last(values: Map<string, string[]>, key: string): string | undefined {
  const list = values.get(key)
  return list ? list[list.length - 1] : undefined
}

/** Reads an optional numeric parameter; `false` when it is present but not a number. */
function numeric(values: Map<string, string[]>, key: string): number | undefined | false {
  const text = last(values, key)
  if (text === undefined || text.trim() === '') return undefined
  return parseNumber(text) ?? false
}

/**
 * The query-string (or form body) report: id/deviceid, lat/lon or location=lat,lon,
 * timestamp, speed in knots, bearing/heading, altitude, accuracy, batt, charge, valid,
 * driverUniqueId, cell/wifi (repeatable); anything else becomes an attribute.
 *
 * Without coordinates a report is accepted only when it carries cell towers or Wi-Fi access
 * points (`locationMissing`: the pipeline fills the last known location); otherwise 400.
 */
export function decodeOsmAndQuery(sources: OsmAndParams[], receivedAt: Date): OsmAndResult {
  const values = new Map<string, string[]>()
  for (const source of sources) collect(source, values)

  // A report that says two things about the same field is refused, not read "last one
  // wins": two ids could store one device's position under another.
  for (const [key, list] of values) {
    if (RESERVED.has(key) && !LISTS.has(key) && list.length > 1) {
      return badRequest(`repeated parameter ${key}`)
    }
  }
  if (values.has('id') && values.has('deviceid')) return badRequest('both id and deviceid')
  if ((values.has('lat') || values.has('lon')) && values.has('location')) {
    return badRequest('both lat/lon and location')
  }

  const id = (last(values, 'id') ?? last(values, 'deviceid') ?? '').trim()
  if (!isValidDeviceId(id)) return badRequest('missing or malformed device id')

  let latText = last(values, 'lat')
  let lonText = last(values, 'lon')
  const location = last(values, 'location')
  if (latText === undefined && lonText === undefined && location !== undefined) {
    const comma = location.indexOf(',')
    if (comma < 0) return badRequest('malformed location')
    latText = location.slice(0, comma)
    lonText = location.slice(comma + 1)
  }

  const attributes: PositionAttributes = {}
  for (const list of LISTS) {
    const items = values.get(list)
    if (items) attributes[list] = items
  }

  let latitude = 0
  let longitude = 0
  const locationMissing = latText === undefined && lonText === undefined
  if (locationMissing) {
    if (!attributes.cell && !attributes.wifi) return badRequest('missing position')
  } else {
    const lat = parseNumber(latText)
    const lon = parseNumber(lonText)
    if (lat === undefined || !isValidLatitude(lat)) return badRequest('missing or malformed lat')
    if (lon === undefined || !isValidLongitude(lon)) return badRequest('missing or malformed lon')
    latitude = lat
    longitude = lon
  }

  let fixTime = receivedAt
  const timestamp = last(values, 'timestamp')
  if (timestamp !== undefined) {
    const parsed = parseTimestamp(timestamp)
    if (!parsed) return badRequest('malformed timestamp')
    fixTime = parsed
  }

  const speed = numeric(values, 'speed')
  const bearing = numeric(values, 'bearing')
  const heading = numeric(values, 'heading')
  const altitude = numeric(values, 'altitude')
  const battery = numeric(values, 'batt')
  if ([speed, bearing, heading, altitude, battery].includes(false)) {
    return badRequest('malformed number')
  }
  if (battery !== undefined && battery !== false) attributes.batteryLevel = battery

  const charge = last(values, 'charge')
  if (charge !== undefined) {
    const charging = parseBoolean(charge)
    if (charging !== undefined) attributes.charging = charging
  }
  const driverUniqueId = last(values, 'driverUniqueId')
  if (driverUniqueId) attributes.driverUniqueId = driverUniqueId

  for (const [key, list] of values) {
    if (!RESERVED.has(key)) attributes[key] = attributeValue(list[list.length - 1])
  }

  const validText = last(values, 'valid')
  const position: Position = {
    imei: id,
    fixTime,
    latitude,
    longitude,
    speed: typeof speed === 'number' ? Math.max(0, speed) * KNOTS_TO_KMH : 0,
    course: normalizeCourse((bearing ?? heading) || undefined),
    altitude: typeof altitude === 'number' ? altitude : 0,
    satellites: 0,
    valid: !locationMissing && (validText === undefined || parseBoolean(validText) !== false),
    attributes,
  }
  return locationMissing ? { ok: true, position, locationMissing: true } : { ok: true, position }
}
