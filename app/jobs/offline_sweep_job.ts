import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import type { Job, JobResult } from './job.js'

export interface OfflineDevice {
  deviceId: number
  companyId: number
}

/**
 * Marks devices silent for longer than their company's offline delay (tracking settings,
 * 600 s by default) as offline and stopped, and tells `onOffline` about each. The tracker
 * listener runs it on its own timer because it must also forget its cached state of those
 * devices.
 */
export class OfflineSweepJob implements Job {
  readonly name = 'offline_sweep'

  constructor(
    private readonly onOffline: (device: OfflineDevice) => void = () => {},
    private readonly client: () => QueryClientContract = () => db.connection()
  ) {}

  async run(now: DateTime): Promise<JobResult> {
    const result = await this.client().rawQuery(
      `UPDATE device_states s SET online = false, live_status = 'stopped', speed = 0
         FROM companies c
        WHERE c.id = s.company_id AND s.online
          AND s.last_seen_at < ?::timestamptz - make_interval(secs => COALESCE((c.tracking_settings->>'offlineAfterSeconds')::int, 600))
        RETURNING s.device_id, s.company_id`,
      [now.toJSDate()]
    )
    const rows = result.rows as { device_id: number; company_id: number }[]
    for (const row of rows) this.onOffline({ deviceId: row.device_id, companyId: row.company_id })
    return { affected: rows.length }
  }
}
