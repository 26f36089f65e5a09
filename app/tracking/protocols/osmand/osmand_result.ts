import type { Position } from '../../position.js'

export type OsmAndResult =
  | {
      ok: true
      position: Position
      /** No coordinates in the report: the pipeline copies the last known location. */
      locationMissing?: true
    }
  | { ok: false; status: 400; reason: string }

export function badRequest(reason: string): OsmAndResult {
  return { ok: false, status: 400, reason }
}
