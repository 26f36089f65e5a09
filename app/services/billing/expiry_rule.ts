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
  return `NOT EXISTS (SELECT 1 FROM subscriptions expired_subscription
    WHERE expired_subscription.device_id = ${deviceIdColumn}
      AND expired_subscription.status = 'expired')`
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
