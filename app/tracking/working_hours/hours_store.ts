import {
  companyHoursSql,
  DEFAULT_COMPANY_ZONE,
  type WorkingHours,
} from '../../services/settings/working_hours.js'

/** NOTIFYed with a company id when its working hours are saved. */
export const WORKING_HOURS_CHANGES_CHANNEL = 'working_hours_changes'

/** Working hours are reloaded at least this often even without a notification. */
const HOURS_TTL_MS = 5 * 60_000

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>
}

/** A company's working hours and the time zone they are read in. */
export interface CompanyHours {
  hours: WorkingHours | null
  zone: string
}

const NO_HOURS: CompanyHours = { hours: null, zone: DEFAULT_COMPANY_ZONE }

/**
 * Every company's working hours, in memory, like the zones of ZoneStore: `ready(companyId)`
 * loads a company once (one query) and the ingest path awaits it per frame, never per
 * position. Saving the working hours NOTIFYs `working_hours_changes` and the company is
 * reloaded on its next frame. The hours are read in the time zone of the company's first
 * owner (the company has no zone of its own), Europe/Istanbul without one.
 */
export class WorkingHoursStore {
  private readonly loaded = new Map<number, CompanyHours & { loadedAt: number }>()
  private readonly loading = new Map<number, Promise<void>>()

  constructor(private readonly pool: Queryable) {}

  /** Resolves at once when the company's hours are in memory and fresh. */
  ready(companyId: number): Promise<void> | null {
    const known = this.loaded.get(companyId)
    if (known && Date.now() - known.loadedAt < HOURS_TTL_MS) return null
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

  of(companyId: number): CompanyHours {
    return this.loaded.get(companyId) ?? NO_HOURS
  }

  invalidate(companyId?: number) {
    if (companyId === undefined || Number.isNaN(companyId)) this.loaded.clear()
    else this.loaded.delete(companyId)
  }

  private async load(companyId: number) {
    const { rows } = await this.pool.query(companyHoursSql('$1'), [companyId])
    const row = rows[0]
    this.loaded.set(companyId, {
      hours: (row?.hours as WorkingHours | null) ?? null,
      zone: row?.zone || DEFAULT_COMPANY_ZONE,
      loadedAt: Date.now(),
    })
  }
}
