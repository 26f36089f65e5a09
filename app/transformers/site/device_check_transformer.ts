import { BaseTransformer } from '@adonisjs/core/transformers'
import type { DeviceCheckResult } from '#services/site/device_check'

/** The device check as asked and answered: the IMEI typed, its error, the finding. */
export type DeviceCheckSource = {
  imei: string
  error: string | null
  result: DeviceCheckResult | null
  companyName: string | null
}

/**
 * The device check page (`Data.Site.DeviceCheck`): what was found for an IMEI, one of three
 * answers the page tells apart by `status`: a tracker of the user's company (its last
 * contact and position), one seen without being registered, or nothing. The answer is a
 * field, not the whole object, so the generated type keeps it a union (a top-level union
 * would be merged into the fields the answers share).
 */
export default class DeviceCheckTransformer extends BaseTransformer<DeviceCheckSource> {
  toObject() {
    const { imei, error, result, companyName } = this.resource
    return { imei, error, result, companyName }
  }
}

export function deviceCheckForPage(source: DeviceCheckSource) {
  return new DeviceCheckTransformer(source).toObject()
}
