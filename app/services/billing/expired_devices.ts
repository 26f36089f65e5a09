import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'

/**
 * The vehicles whose subscription is expired, for the live publisher (a synchronous hot path):
 * a set per process, reloaded in the background when older than a minute. A vehicle renewed
 * or expired shows so on the live channel within about a minute; the pages read the database.
 */
const MAX_AGE_MS = 60_000
let expired = new Set<number>()
let loadedAt = 0
let loading: Promise<void> | null = null

export function reloadExpiredDevices(): Promise<void> {
  if (!loading) {
    loading = db
      .from('subscriptions')
      .where('status', 'expired')
      .select('device_id')
      .then((rows) => {
        expired = new Set(rows.map((row) => Number(row.device_id)))
        loadedAt = Date.now()
      })
      .catch((error) => {
        loadedAt = Date.now()
        logger.warn({ err: error }, 'expired subscriptions could not be read')
      })
      .finally(() => (loading = null))
  }
  return loading
}

/** Whether the vehicle's live updates are withheld (README "When a subscription ends"). */
export function isSubscriptionExpired(deviceId: number): boolean {
  if (Date.now() - loadedAt > MAX_AGE_MS) void reloadExpiredDevices()
  return expired.has(deviceId)
}
