import type pg from 'pg'
import { createEnricher, defaultHandlers, type DeviceContext } from '#tracking/pipeline/enrich'
import { geofenceHandler } from '#tracking/pipeline/handlers/geofences'
import { initialLiveState } from '#tracking/pipeline/live_state'
import { CompanyZones, type Zone } from '#tracking/geofences/zone_index'
import type { GeofenceShape } from '#tracking/geofences/geometry'
import { DEFAULT_TRACKING_SETTINGS } from '#tracking/tracking_settings'
import type { Position } from '#tracking/position'

/** Where the simulated fleet drives (its routes are in Istanbul and Tallinn). */
const CITIES: [number, number, number][] = [
  [41.0151, 28.9795, 0.15],
  [59.437, 24.7536, 0.08],
]

/** Deterministic pseudo-random numbers, so runs compare. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

/** `count` zones around the fleet's cities: half circles (100–800 m), half hexagons. */
export function benchZones(count: number): GeofenceShape[] {
  const next = random(42)
  return Array.from({ length: count }, (_, index) => {
    const [lat, lon, spread] = CITIES[index % CITIES.length]
    const center: [number, number] = [
      lat + (next() - 0.5) * 2 * spread,
      lon + (next() - 0.5) * 2 * spread,
    ]
    const radius = 100 + next() * 700
    if (index % 2 === 0) return { type: 'circle', center, radius }
    const dLat = radius / 111_320
    const dLon = dLat / Math.cos((center[0] * Math.PI) / 180)
    const points = Array.from({ length: 6 }, (_unused, corner): [number, number] => {
      const angle = (corner * Math.PI) / 3
      return [center[0] + Math.sin(angle) * dLat, center[1] + Math.cos(angle) * dLon]
    })
    return { type: 'polygon', points }
  })
}

/** Stores the zones for the company and tells the listener to load them. */
export async function insertBenchZones(pool: pg.Pool, companyId: number, count: number) {
  const shapes = benchZones(count)
  await pool.query(
    `INSERT INTO geofences (company_id, name, color, shape, assign_to, created_at)
     SELECT $1, 'Bench zone ' || i, '#2563eb', shape, 'all', now()
       FROM unnest($2::jsonb[]) WITH ORDINALITY AS z(shape, i)`,
    [companyId, shapes.map((shape) => JSON.stringify(shape))]
  )
  await pool.query('SELECT pg_notify($1, $2)', ['geofence_changes', String(companyId)])
}

/**
 * The enrichment alone, in this process: positions per second through the handler chain
 * without zones and with `count` zones in memory (no database), over the same track.
 */
export function enrichmentCost(count: number, positions = 200_000) {
  const device: DeviceContext = {
    id: 1,
    companyId: 1,
    imei: '1',
    protocol: 'teltonika',
    speedLimit: 90,
    settings: DEFAULT_TRACKING_SETTINGS,
  }
  const zones = new CompanyZones(
    benchZones(count).map((shape, id): Zone => ({
      id: id + 1,
      name: `Z${id}`,
      shape,
      deviceIds: null,
    }))
  )
  const track: Position[] = Array.from({ length: 1000 }, (_, index) => ({
    imei: '1',
    fixTime: new Date(Date.UTC(2026, 0, 1) + index * 1000),
    latitude: 41.0151 + Math.sin(index / 50) * 0.1,
    longitude: 28.9795 + Math.cos(index / 70) * 0.1,
    speed: 40,
    course: 90,
    altitude: 10,
    satellites: 9,
    valid: true,
    attributes: { ignition: true, power: 13.9 },
  }))
  const run = (enrich: ReturnType<typeof createEnricher>) => {
    let state = initialLiveState()
    // CPU time of this process, not wall time: other processes on the machine do not count.
    const start = process.cpuUsage()
    for (let done = 0; done < positions; done += 10) {
      const slice = track.slice(done % 1000, (done % 1000) + 10).map((p) => ({
        ...p,
        fixTime: new Date(p.fixTime.getTime() + done * 1000),
      }))
      state = enrich(device, state, slice, new Date(slice[9].fixTime.getTime() + 1000)).state
    }
    const used = process.cpuUsage(start)
    return positions / ((used.user + used.system) / 1e6)
  }
  const plain = createEnricher(defaultHandlers())
  const zoned = createEnricher([...defaultHandlers(), geofenceHandler(() => zones)])
  // Alternate runs, best of five each: the JIT and a busy machine affect both alike.
  let without = 0
  let withZones = 0
  for (let round = 0; round < 5; round++) {
    without = Math.max(without, run(plain))
    withZones = Math.max(withZones, run(zoned))
  }
  return { without, withZones, ratio: withZones / without }
}
