import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'

export type DeviceCheckResult =
  | {
      status: 'registered'
      device: { id: number; name: string; plate: string | null; protocol: string; active: boolean }
      lastSeenAt: string | null
      fixTime: string | null
      online: boolean
      position: { latitude: number; longitude: number; speed: number } | null
    }
  | {
      status: 'unregistered'
      protocol: string
      firstSeenAt: string
      lastSeenAt: string
      attempts: number
    }
  | { status: 'unknown' }

const iso = (value: Date | string | null) =>
  value ? DateTime.fromJSDate(new Date(value)).toUTC().toISO() : null

/**
 * /test/check: when the server last heard from a tracker. A device of the signed-in user's
 * company shows its last contact; a device of another company is "unknown" (nothing about
 * other tenants leaks); a tracker that connected without being registered anywhere shows
 * when it was seen and over which protocol (never its address).
 */
export async function checkDevice(
  companyId: number | null,
  imei: string
): Promise<DeviceCheckResult> {
  const registered = await db
    .from('devices')
    .leftJoin('device_states', 'device_states.device_id', 'devices.id')
    .where('devices.imei', imei)
    .select(
      'devices.id',
      'devices.company_id',
      'devices.name',
      'devices.plate',
      'devices.protocol',
      'devices.status',
      'device_states.last_seen_at',
      'device_states.fix_time',
      'device_states.online',
      'device_states.latitude',
      'device_states.longitude',
      'device_states.speed'
    )
    .first()

  if (registered) {
    if (companyId === null || registered.company_id !== companyId) return { status: 'unknown' }
    const hasPosition = registered.latitude !== null && registered.longitude !== null
    return {
      status: 'registered',
      device: {
        id: registered.id,
        name: registered.name,
        plate: registered.plate,
        protocol: registered.protocol,
        active: registered.status === 'active',
      },
      lastSeenAt: iso(registered.last_seen_at),
      fixTime: iso(registered.fix_time),
      online: registered.online === true,
      position: hasPosition
        ? {
            latitude: Number(registered.latitude),
            longitude: Number(registered.longitude),
            speed: Number(registered.speed ?? 0),
          }
        : null,
    }
  }

  const seen = await db
    .from('unregistered_devices')
    .where('imei', imei)
    .select('protocol', 'first_seen_at', 'last_seen_at', 'attempts')
    .first()
  if (!seen) return { status: 'unknown' }
  return {
    status: 'unregistered',
    protocol: seen.protocol,
    firstSeenAt: iso(seen.first_seen_at)!,
    lastSeenAt: iso(seen.last_seen_at)!,
    attempts: Number(seen.attempts),
  }
}
