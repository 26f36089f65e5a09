import db from '@adonisjs/lucid/services/db'
import { alarmCodeGroups } from '#shared/alarm_code_list'
import type {
  DataQuality,
  FlappingRow,
  GapRow,
  RejectedRow,
  VehicleQuality,
} from '#shared/data_quality'

/**
 * Data quality of the company's trackers over a period (issue 25, point 4): gaps in reporting,
 * the fixes and readings the plausibility filters rejected (by flag, with their raw values),
 * odometer resets taken as a new base, and flapping sensors. What the filters flag is in
 * `positions.attributes.flags` (docs/plausibility.md); nothing here changes data.
 */
export interface DataQualityOptions {
  from: Date
  to: Date
  deviceId?: number
  /** A silence longer than this (minutes) is a gap. */
  gapMinutes?: number
  /** More changes a day than this, of one state (battery, or an A/F code), is a flapping sensor. */
  flapPerDay?: number
  /** Detail rows of each list. */
  limit?: number
}

export const DEFAULT_GAP_MINUTES = 30
export const DEFAULT_FLAP_PER_DAY = 12
const DEFAULT_LIMIT = 200

const km = (metres: unknown) =>
  metres === null || metres === undefined ? null : Math.round(Number(metres)) / 1000

/**
 * The state changes of each state of a vehicle in the period: the battery state (its codes
 * NOV…INV are one state; a change is an event with another code than the battery event before
 * it) and each on/off state (an A/F code such as 105 overspeed, an input, TEMPERATURE; a change
 * is an A after an F or an F after an A). The first event of a state in the period counts as a
 * change (events are raised on changes). Instant alarms (harsh driving, an alarm repeated as
 * A) are no state: repeated, they change nothing. Bindings: battery codes (an array literal,
 * twice), company, devices, from, to.
 */
export const flappingSql = `
  SELECT device_id, state_key AS code, count(*)::int AS n
    FROM (
      SELECT device_id, state_key, value,
             lag(value) OVER (PARTITION BY device_id, state_key ORDER BY event_time, id) AS previous
        FROM (
          SELECT e.id, e.device_id, e.event_time,
                 CASE WHEN e.code = ANY(?::text[]) THEN 'battery' ELSE e.code END AS state_key,
                 CASE WHEN e.code = ANY(?::text[]) THEN e.code ELSE e.state END AS value
            FROM events e
           WHERE e.company_id = ? AND e.device_id = ANY(?::int[])
             AND e.event_time >= ? AND e.event_time < ?
        ) states
       WHERE value IS NOT NULL
    ) changes
   WHERE previous IS DISTINCT FROM value
   GROUP BY 1, 2
   ORDER BY n DESC, 1, 2`

/** Changes a day of one state, to one decimal. */
export function changesPerDay(changes: number, from: Date, to: Date) {
  const days = Math.max(1 / 24, (to.getTime() - from.getTime()) / 86_400_000)
  return Math.round((changes / days) * 10) / 10
}

export function isFlapping(changes: number, from: Date, to: Date, perDayLimit: number) {
  return changesPerDay(changes, from, to) > perDayLimit
}

/** The speed (km/h) a jump of `jumpKm` in `seconds` takes; null when either is unknown. */
export function impliedSpeed(jumpKm: number | null, seconds: number | null) {
  if (jumpKm === null || seconds === null) return null
  if (seconds <= 0) return jumpKm > 0 ? Infinity : 0
  return Math.round((jumpKm / (seconds / 3600)) * 10) / 10
}

/**
 * One row per vehicle (each vehicle of the company, or the one asked), the counts summed from
 * the detail lists' full counts.
 */
export function summarize(
  devices: { id: number; name: string; plate: string | null }[],
  counts: {
    positions: Map<number, number>
    gaps: Map<number, { count: number; longest: number }>
    flags: Map<number, Record<string, number>>
    rejected: Map<number, number>
    flapping: Map<number, number>
  }
): VehicleQuality[] {
  return devices.map((device) => {
    const flags = counts.flags.get(device.id) ?? {}
    return {
      deviceId: device.id,
      vehicle: device.name,
      plate: device.plate,
      positions: counts.positions.get(device.id) ?? 0,
      gaps: counts.gaps.get(device.id)?.count ?? 0,
      longestGapSeconds: counts.gaps.get(device.id)?.longest ?? 0,
      rejected: counts.rejected.get(device.id) ?? 0,
      flags,
      resets: flags['odometer:rebased'] ?? 0,
      flapping: counts.flapping.get(device.id) ?? 0,
    }
  })
}

export async function dataQuality(
  companyId: number,
  options: DataQualityOptions
): Promise<DataQuality> {
  const gapSeconds = (options.gapMinutes ?? DEFAULT_GAP_MINUTES) * 60
  const flapPerDay = options.flapPerDay ?? DEFAULT_FLAP_PER_DAY
  const limit = options.limit ?? DEFAULT_LIMIT
  const { from, to } = options

  const devicesQuery = db
    .from('devices')
    .where('company_id', companyId)
    .orderBy('name')
    .orderBy('id')
    .select('id', 'name', 'plate')
  if (options.deviceId) devicesQuery.where('id', options.deviceId)
  const deviceRows = await devicesQuery
  const devices = deviceRows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    plate: (row.plate as string | null) ?? null,
  }))
  const names = new Map(devices.map((device) => [device.id, device.name]))
  const ids = `{${devices.map((device) => device.id).join(',')}}`
  const scope = `p.company_id = ? AND p.device_id = ANY(?::int[]) AND p.fix_time >= ? AND p.fix_time < ?`
  const scopeBindings = [companyId, ids, from, to]

  // Each position with the one before it (the one just before the period included).
  const sequence = `SELECT p.device_id, p.fix_time, p.latitude, p.longitude, p.satellites,
      p.attributes->'flags' AS flags, (p.attributes->>'ignition')::boolean AS ignition,
      (p.attributes->>'deviceOdometer')::float8 AS raw_odometer,
      lag(p.fix_time) OVER w AS prev_time, lag(p.latitude) OVER w AS prev_latitude,
      lag(p.longitude) OVER w AS prev_longitude,
      lag((p.attributes->>'ignition')::boolean) OVER w AS prev_ignition,
      lag((p.attributes->>'deviceOdometer')::float8) OVER w AS prev_raw_odometer
    FROM positions p WHERE ${scope}
    WINDOW w AS (PARTITION BY p.device_id ORDER BY p.fix_time)`

  const positions = new Map<number, number>()
  const counted = await db.rawQuery(
    `SELECT p.device_id, count(*)::int AS n FROM positions p WHERE ${scope} GROUP BY 1`,
    scopeBindings
  )
  for (const row of counted.rows) positions.set(Number(row.device_id), Number(row.n))

  const gapRows = await db.rawQuery(
    `WITH s AS (${sequence})
     SELECT device_id, prev_time, fix_time, prev_ignition,
       EXTRACT(EPOCH FROM fix_time - prev_time)::int AS seconds,
       count(*) OVER (PARTITION BY device_id) AS total,
       max(EXTRACT(EPOCH FROM fix_time - prev_time)::int) OVER (PARTITION BY device_id) AS longest
     FROM s WHERE prev_time IS NOT NULL AND fix_time - prev_time > make_interval(secs => ?)
     ORDER BY seconds DESC, device_id, fix_time LIMIT ?`,
    [...scopeBindings, gapSeconds, limit]
  )
  const gapCounts = new Map<number, { count: number; longest: number }>()
  const gaps: GapRow[] = gapRows.rows.map((row: any) => {
    gapCounts.set(Number(row.device_id), { count: Number(row.total), longest: Number(row.longest) })
    return {
      deviceId: Number(row.device_id),
      vehicle: names.get(Number(row.device_id)) ?? '',
      from: new Date(row.prev_time).toISOString(),
      to: new Date(row.fix_time).toISOString(),
      seconds: Number(row.seconds),
      ignitionOn: row.prev_ignition === true,
    }
  })

  const flagRows = await db.rawQuery(
    `SELECT p.device_id, f.flag, count(*)::int AS n
     FROM positions p CROSS JOIN LATERAL jsonb_array_elements_text(
       CASE WHEN jsonb_typeof(p.attributes->'flags') = 'array' THEN p.attributes->'flags' ELSE '[]'::jsonb END) AS f(flag)
     WHERE ${scope} GROUP BY 1, 2 ORDER BY 1, 2`,
    scopeBindings
  )
  const flags = new Map<number, Record<string, number>>()
  for (const row of flagRows.rows) {
    const entry = flags.get(Number(row.device_id)) ?? {}
    entry[String(row.flag)] = Number(row.n)
    flags.set(Number(row.device_id), entry)
  }
  const rejectedCounts = new Map<number, number>()
  const rejectedCounted = await db.rawQuery(
    `SELECT p.device_id, count(*)::int AS n FROM positions p
     WHERE ${scope} AND jsonb_typeof(p.attributes->'flags') = 'array'
       AND jsonb_array_length(p.attributes->'flags') > 0
       AND NOT (p.attributes->'flags' <@ '["odometer:rebased"]'::jsonb)
     GROUP BY 1`,
    scopeBindings
  )
  for (const row of rejectedCounted.rows) rejectedCounts.set(Number(row.device_id), Number(row.n))

  const detail = (where: string) =>
    db.rawQuery(
      `WITH s AS (${sequence})
       SELECT *, EXTRACT(EPOCH FROM fix_time - prev_time) AS seconds,
         CASE WHEN prev_latitude IS NULL THEN NULL ELSE
           6371.0088 * 2 * asin(sqrt(power(sin(radians(latitude - prev_latitude) / 2), 2)
             + cos(radians(prev_latitude)) * cos(radians(latitude))
             * power(sin(radians(longitude - prev_longitude) / 2), 2))) END AS jump_km
       FROM s WHERE jsonb_typeof(flags) = 'array' AND ${where}
       ORDER BY fix_time DESC, device_id LIMIT ?`,
      [...scopeBindings, limit]
    )
  const toRejected = (row: any): RejectedRow => {
    const jumpKm = row.jump_km === null ? null : Math.round(Number(row.jump_km) * 1000) / 1000
    const speed = impliedSpeed(jumpKm, row.seconds === null ? null : Number(row.seconds))
    return {
      deviceId: Number(row.device_id),
      vehicle: names.get(Number(row.device_id)) ?? '',
      time: new Date(row.fix_time).toISOString(),
      flags: row.flags as string[],
      rawOdometerKm: km(row.raw_odometer),
      previousRawOdometerKm: km(row.prev_raw_odometer),
      jumpKm,
      impliedSpeedKmh: speed === Infinity ? null : speed,
      satellites: row.satellites === null ? null : Number(row.satellites),
    }
  }
  const rejectedResult = await detail(
    `jsonb_array_length(flags) > 0 AND NOT (flags <@ '["odometer:rebased"]'::jsonb)`
  )
  const rejected = rejectedResult.rows.map(toRejected)
  const resetsResult = await detail(`flags @> '["odometer:rebased"]'::jsonb`)
  const resets = resetsResult.rows.map(toRejected)

  const batteryCodes = `{${alarmCodeGroups.battery.join(',')}}`
  const eventRows = await db.rawQuery(flappingSql, [batteryCodes, batteryCodes, ...scopeBindings])
  const flapCounts = new Map<number, number>()
  const flapping: FlappingRow[] = []
  for (const row of eventRows.rows) {
    const changes = Number(row.n)
    if (!isFlapping(changes, from, to, flapPerDay)) continue
    const deviceId = Number(row.device_id)
    flapCounts.set(deviceId, (flapCounts.get(deviceId) ?? 0) + 1)
    if (flapping.length < limit) {
      flapping.push({
        deviceId,
        vehicle: names.get(deviceId) ?? '',
        code: String(row.code),
        changes,
        perDay: changesPerDay(changes, from, to),
      })
    }
  }

  return {
    vehicles: summarize(devices, {
      positions,
      gaps: gapCounts,
      flags,
      rejected: rejectedCounts,
      flapping: flapCounts,
    }),
    gaps,
    rejected,
    resets,
    flapping,
  }
}
