import type { WriteUnit } from '#tracking/pipeline/batch_writer'
import type { DeviceContext } from '#tracking/pipeline/enrich'

/** A device as the batch writer sees it (no database row behind it). */
export const writerDevice = (id: number): DeviceContext =>
  ({ id, companyId: 1, imei: String(id), protocol: 'teltonika' }) as DeviceContext

/** A write of one CONNECTION event: no positions, no live state. */
export function connectionEventUnit(device: DeviceContext): WriteUnit {
  return {
    device,
    positions: [],
    events: [
      {
        time: new Date(),
        code: 'CONNECTION',
        state: null,
        latitude: null,
        longitude: null,
        attributes: {},
      },
    ],
    state: null,
    trips: [],
    stops: [],
  }
}
