import type { Position, PositionAttributes } from '../position.js'

/**
 * What a decoded frame of a family that names its device in every frame (H02, GPS103) asks
 * of the session: a frame it cannot read, a position, a report without a fix (stored at the
 * device's last known place, as not valid), or nothing to store; each with the reply due
 * once the frame is stored.
 */
export type DeviceReport =
  | { kind: 'invalid'; reason: string }
  | { kind: 'position'; imei: string; position: Position; reply: string | null }
  | {
      kind: 'status'
      imei: string
      fixTime: Date
      attributes: PositionAttributes
      reply: string | null
    }
  | { kind: 'none'; imei: string; reply: string | null }
