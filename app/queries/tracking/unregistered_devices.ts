import db from '@adonisjs/lucid/services/db'

/** Trackers the listener refused (no company registered their IMEI), most recently seen first. */
export async function unregisteredDevices(limit = 200) {
  const seen = await db
    .from('unregistered_devices')
    .select('imei', 'protocol', 'attempts', 'first_seen_at', 'last_seen_at')
    .orderBy('last_seen_at', 'desc')
    .limit(limit)
  return seen.map((row) => ({
    imei: row.imei as string,
    protocol: row.protocol as string,
    attempts: Number(row.attempts),
    firstSeenAt: new Date(row.first_seen_at).toISOString(),
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
  }))
}
