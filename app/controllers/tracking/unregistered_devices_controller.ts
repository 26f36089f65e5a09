import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'

/**
 * Trackers the listener refused because no company has registered their IMEI,
 * most recent first. An admin claims one by registering it to their company.
 */
export default class UnregisteredDevicesController {
  async index({ inertia }: HttpContext) {
    const seen = await db
      .from('unregistered_devices')
      .select('imei', 'protocol', 'attempts', 'first_seen_at', 'last_seen_at')
      .orderBy('last_seen_at', 'desc')
      .limit(200)
    return inertia.render('tracking/unregistered_devices', {
      seen: seen.map((row) => ({
        imei: row.imei as string,
        protocol: row.protocol as string,
        attempts: Number(row.attempts),
        firstSeenAt: new Date(row.first_seen_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
      })),
    })
  }
}
