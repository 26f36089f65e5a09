import {
  companyHoursSql,
  DEFAULT_COMPANY_ZONE,
  type WorkingHours,
} from '../../services/settings/working_hours.js'
import { CompanyCache } from '../company_cache.js'

export { WORKING_HOURS_CHANGES_CHANNEL } from '../channels.js'

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
  private readonly cache = new CompanyCache<CompanyHours>({
    load: (companyId) => this.load(companyId),
    missing: NO_HOURS,
    ttlMs: HOURS_TTL_MS,
  })

  constructor(private readonly pool: Queryable) {}

  /** Resolves at once when the company's hours are in memory and fresh. */
  ready(companyId: number): Promise<void> | null {
    return this.cache.ready(companyId)
  }

  of(companyId: number): CompanyHours {
    return this.cache.get(companyId)
  }

  invalidate(companyId?: number) {
    this.cache.invalidate(companyId)
  }

  private async load(companyId: number): Promise<CompanyHours> {
    const { rows } = await this.pool.query(companyHoursSql('$1'), [companyId])
    const row = rows[0]
    return {
      hours: (row?.hours as WorkingHours | null) ?? null,
      zone: row?.zone || DEFAULT_COMPANY_ZONE,
    }
  }
}
