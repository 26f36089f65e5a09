import { BaseTransformer } from '@adonisjs/core/transformers'
import type { UnregisteredDeviceRow } from '#queries/tracking/unregistered_devices'

/**
 * A tracker the listener refused (no company registered its IMEI), as the claim page lists
 * it; the page's type is generated from this class (`Data.Tracking.UnregisteredDevice`).
 */
export default class UnregisteredDeviceTransformer extends BaseTransformer<UnregisteredDeviceRow> {
  toObject() {
    const row = this.resource
    return {
      imei: row.imei,
      protocol: row.protocol,
      attempts: Number(row.attempts),
      firstSeenAt: new Date(row.first_seen_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
    }
  }
}
