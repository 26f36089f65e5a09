import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DeviceProfile } from '#services/site/device_catalogue'
import SupportedDeviceTransformer from '#transformers/site/supported_device_transformer'

/**
 * The wire settings of one tracker model, as the device-profile tool shows them: where it
 * connects and the SMS lines (or app setting) that point it there (`Data.Site.DeviceProfile`).
 */
export default class DeviceProfileTransformer extends BaseTransformer<DeviceProfile> {
  toObject() {
    const profile = this.resource
    return {
      device: new SupportedDeviceTransformer(profile.device).toObject(),
      host: profile.host,
      port: profile.port,
      transport: profile.transport,
      protocolName: profile.protocolName,
      setup: { kind: profile.setup.kind, lines: [...profile.setup.lines] },
    }
  }
}

export function deviceProfileForPage(profile: DeviceProfile) {
  return new DeviceProfileTransformer(profile).toObject()
}
