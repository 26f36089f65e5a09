import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SupportedDevice } from '#services/site/device_catalogue'

/**
 * A tracker model FleetTrack speaks to, as the device list and the device-profile tool show
 * it (`Data.Site.SupportedDevice`).
 */
export default class SupportedDeviceTransformer extends BaseTransformer<SupportedDevice> {
  toObject() {
    const device = this.resource
    return {
      id: device.id,
      brand: device.brand,
      family: device.family,
      model: device.model,
      protocol: device.protocol,
      connection: device.connection,
      engineBlock: device.engineBlock,
    }
  }
}

export function supportedDeviceForPage(device: SupportedDevice) {
  return new SupportedDeviceTransformer(device).toObject()
}
