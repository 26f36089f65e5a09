import type { HttpContext } from '@adonisjs/core/http'
import { unregisteredDevices } from '#queries/tracking/unregistered_devices'
import UnregisteredDeviceTransformer from '#transformers/tracking/unregistered_device_transformer'

/**
 * Trackers the listener refused because no company has registered their IMEI,
 * most recent first. An admin claims one by registering it to their company.
 */
export default class UnregisteredDevicesController {
  async index({ inertia }: HttpContext) {
    const seen = await unregisteredDevices()
    return inertia.render('tracking/unregistered_devices', {
      seen: seen.map((row) => new UnregisteredDeviceTransformer(row).toObject()),
    })
  }
}
