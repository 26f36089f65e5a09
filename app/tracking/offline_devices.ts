/**
 * The tracking layer's public entry for devices gone offline: the offline sweep job marks
 * them in `device_states` and NOTIFYs this channel; every tracker listener forgets its cached
 * state of them, and one (the first worker) publishes their offline status live.
 */
export const DEVICES_OFFLINE_CHANNEL = 'device_states_swept'

export interface OfflineDevice {
  deviceId: number
  companyId: number
}

/** A NOTIFY payload holds under 8000 bytes: 500 devices a payload. */
const DEVICES_PER_PAYLOAD = 500

/** The NOTIFY payloads announcing the devices: `deviceId:companyId`, comma-separated. */
export function offlinePayloads(devices: OfflineDevice[]): string[] {
  const payloads: string[] = []
  for (let start = 0; start < devices.length; start += DEVICES_PER_PAYLOAD) {
    payloads.push(
      devices
        .slice(start, start + DEVICES_PER_PAYLOAD)
        .map((device) => `${device.deviceId}:${device.companyId}`)
        .join(',')
    )
  }
  return payloads
}

export function parseOfflinePayload(payload: string): OfflineDevice[] {
  return payload
    .split(',')
    .map((pair) => pair.split(':').map(Number))
    .filter(([deviceId, companyId]) => Number.isInteger(deviceId) && Number.isInteger(companyId))
    .map(([deviceId, companyId]) => ({ deviceId, companyId }))
}
