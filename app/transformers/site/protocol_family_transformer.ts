import { BaseTransformer } from '@adonisjs/core/transformers'
import type { ProtocolFamily } from '#services/site/device_catalogue'

/** A protocol family with the transport and port its trackers connect to (`Data.Site.ProtocolFamily`). */
export default class ProtocolFamilyTransformer extends BaseTransformer<ProtocolFamily> {
  toObject() {
    const { protocol, transport, port } = this.resource
    return { protocol, transport, port }
  }
}

export function protocolFamilyForPage(family: ProtocolFamily) {
  return new ProtocolFamilyTransformer(family).toObject()
}
