import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * What a vehicle with an expired subscription still does (README "Accounts and billing",
 * "When a subscription ends"): its tracker keeps reporting and every position is stored, so
 * nothing is lost; once the grace period after the end has passed, the daily job marks the
 * subscription expired, and from then its live position and its reports are hidden until it
 * is renewed (paying an extension makes it active again, history included).
 *
 * `visibleDeviceSql(column)` is the one condition the live and report queries add.
 */
export function visibleDeviceSql(deviceIdColumn: string): string {
  // NOT IN over the (few) expired vehicles: PostgreSQL hashes them once, where NOT EXISTS was
  // planned as a scan of subscriptions per row (a month of hourly rows is 100,000 rows).
  return `(${deviceIdColumn} IS NULL OR ${deviceIdColumn} NOT IN (
    SELECT expired_subscription.device_id FROM subscriptions expired_subscription
    WHERE expired_subscription.status = 'expired' AND expired_subscription.device_id IS NOT NULL))`
}

/** Whether the expiry rule hides this vehicle's data now (its subscription is expired). */
export async function isDeviceHidden(
  deviceId: number,
  client: QueryClientContract = db.connection()
): Promise<boolean> {
  const row = await client
    .from('subscriptions')
    .where('device_id', deviceId)
    .where('status', 'expired')
    .select('id')
    .first()
  return Boolean(row)
}
