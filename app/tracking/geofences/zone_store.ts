import { CompanyZones, NO_ZONES, type Zone } from './zone_index.js'
import type { GeofenceShape } from './geometry.js'
import { CompanyCache } from '../company_cache.js'

export { GEOFENCE_CHANGES_CHANNEL } from '../channels.js'

/** Zones are reloaded at least this often even without a notification. */
const ZONES_TTL_MS = 5 * 60_000

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>
}

/**
 * Every company's active zones, in memory. `ready(companyId)` loads a company's zones
 * once (two queries) and then answers from memory; the ingest path awaits it per frame,
 * never per position, and it costs nothing once loaded. A change in the back office
 * NOTIFYs `geofence_changes` and the company is reloaded on its next frame.
 */
export class ZoneStore {
  private readonly cache = new CompanyCache<CompanyZones>({
    load: (companyId) => this.load(companyId),
    missing: NO_ZONES,
    ttlMs: ZONES_TTL_MS,
  })

  constructor(private readonly pool: Queryable) {}

  /** Resolves at once when the company's zones are in memory and fresh. */
  ready(companyId: number): Promise<void> | null {
    return this.cache.ready(companyId)
  }

  zones(companyId: number): CompanyZones {
    return this.cache.get(companyId)
  }

  invalidate(companyId?: number) {
    this.cache.invalidate(companyId)
  }

  private async load(companyId: number): Promise<CompanyZones> {
    const { rows } = await this.pool.query(
      `SELECT g.id, g.name, g.shape, g.assign_to, g.device_ids, g.group_ids,
              CASE WHEN g.assign_to = 'groups' THEN
                (SELECT coalesce(array_agg(d.id), '{}') FROM devices d
                  WHERE d.company_id = g.company_id AND d.group_id = ANY(g.group_ids))
              END AS group_device_ids
         FROM geofences g
        WHERE g.company_id = $1 AND g.active`,
      [companyId]
    )
    const zones: Zone[] = rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      shape: row.shape as GeofenceShape,
      deviceIds:
        row.assign_to === 'all'
          ? null
          : new Set<number>(
              (row.assign_to === 'groups' ? row.group_device_ids : row.device_ids) ?? []
            ),
    }))
    return new CompanyZones(zones)
  }
}
