import { BaseTransformer } from '@adonisjs/core/transformers'
import { protocolSetup, type ProtocolSetupSheet } from '#services/site/device_catalogue'
import type { TrackerProtocol } from '#shared/fleet_enums'

/**
 * The vehicle page's connection card: how to point its tracker at this server, from its
 * protocol family's definition: host, port, transport and the setup lines
 * (`Data.Live.VehicleConnection`).
 */
export default class VehicleConnectionTransformer extends BaseTransformer<ProtocolSetupSheet> {
  toObject() {
    const sheet = this.resource
    return {
      protocol: sheet.protocol,
      host: sheet.host,
      port: sheet.port,
      transport: sheet.transport,
      protocolName: sheet.protocolName,
      setup: { kind: sheet.setup.kind, lines: [...sheet.setup.lines] },
    }
  }
}

export function vehicleConnection(protocol: TrackerProtocol) {
  return new VehicleConnectionTransformer(protocolSetup(protocol)).toObject()
}
