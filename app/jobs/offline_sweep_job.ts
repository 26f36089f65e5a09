import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import {
  DEVICES_OFFLINE_CHANNEL,
  offlinePayloads,
  type OfflineDevice,
} from '#tracking/offline_devices'
import { LockedJob, type JobResult } from './job.js'

export type { OfflineDevice }

/**
 * Marks devices silent for longer than their company's offline delay (tracking settings,
 * 600 s by default) as offline and stopped, tells `onOffline` about each, and NOTIFYs them
 * on the tracking layer's channel: every tracker listener forgets its cached state of those
 * devices and one publishes their offline status live.
 */
export class OfflineSweepJob extends LockedJob {
  readonly name = 'offline_sweep'

  constructor(private readonly onOffline: (device: OfflineDevice) => void = () => {}) {
    super()
  }

  protected async perform(now: DateTime): Promise<JobResult> {
    const result = await db.rawQuery(
      `UPDATE device_states s SET online = false, live_status = 'stopped', speed = 0
         FROM companies c
        WHERE c.id = s.company_id AND s.online
          AND s.last_seen_at < ?::timestamptz - make_interval(secs => COALESCE((c.tracking_settings->>'offlineAfterSeconds')::int, 600))
        RETURNING s.device_id, s.company_id`,
      [now.toJSDate()]
    )
    const devices = (result.rows as { device_id: number; company_id: number }[]).map((row) => ({
      deviceId: row.device_id,
      companyId: row.company_id,
    }))
    for (const device of devices) this.onOffline(device)
    for (const payload of offlinePayloads(devices)) {
      await db.rawQuery('SELECT pg_notify(?, ?)', [DEVICES_OFFLINE_CHANNEL, payload])
    }
    return { affected: devices.length }
  }
}
