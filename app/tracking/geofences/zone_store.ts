import { CompanyZones, NO_ZONES, type Zone } from './zone_index.js'
import type { GeofenceShape } from './geometry.js'

/** NOTIFYed with a company id when one of its geofences is created, edited or deleted. */
export const GEOFENCE_CHANGES_CHANNEL = 'geofence_changes'

/** Zones are reloaded at least this often even without a notification. */
const ZONES_TTL_MS = 5 * 60_000

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>
}

interface Loaded {
  zones: CompanyZones
  loadedAt: number
}

/**
 * Every company's active zones, in memory. `ready(companyId)` loads a company's zones
 * once (two queries) and then answers from memory; the ingest path awaits it per frame,
 * never per position, and it costs nothing once loaded. A change in the back office
 * NOTIFYs `geofence_changes` and the company is reloaded on its next frame.
 */
export class ZoneStore {
  private readonly loaded = new Map<number, Loaded>()
  private readonly loading = new Map<number, Promise<void>>()

  constructor(private readonly pool: Queryable) {}

  /** Resolves at once when the company's zones are in memory and fresh. */
  ready(companyId: number): Promise<void> | null {
    const known = this.loaded.get(companyId)
    if (known && Date.now() - known.loadedAt < ZONES_TTL_MS) return null
    let pending = this.loading.get(companyId)
    if (!pending) {
      pending = this.load(companyId).finally(() => this.loading.delete(companyId))
      this.loading.set(companyId, pending)
    }
    // A stale copy keeps serving while the new one loads; only the first load waits.
    if (known) {
      pending.catch(() => {})
      return null
    }
    return pending
  }

  zones(companyId: number): CompanyZones {
    return this.loaded.get(companyId)?.zones ?? NO_ZONES
  }

  invalidate(companyId?: number) {
    if (companyId === undefined || Number.isNaN(companyId)) this.loaded.clear()
    else this.loaded.delete(companyId)
  }

  private async load(companyId: number) {
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
    this.loaded.set(companyId, { zones: new CompanyZones(zones), loadedAt: Date.now() })
  }
}
