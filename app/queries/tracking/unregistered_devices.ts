import db from '@adonisjs/lucid/services/db'

/** A row of `unregistered_devices`: an IMEI the listener refused, and when it was seen. */
export type UnregisteredDeviceRow = {
  imei: string
  protocol: string
  attempts: number | string
  first_seen_at: Date | string
  last_seen_at: Date | string
}

/** Trackers the listener refused (no company registered their IMEI), most recently seen first. */
export async function unregisteredDevices(limit = 200): Promise<UnregisteredDeviceRow[]> {
  return db
    .from('unregistered_devices')
    .select('imei', 'protocol', 'attempts', 'first_seen_at', 'last_seen_at')
    .orderBy('last_seen_at', 'desc')
    .limit(limit)
}
