import type { Position } from '../position.js'

/** Dates a tracker cannot mean: before GPS week rollovers were fixed. */
export const EARLIEST_FIX = Date.UTC(2000, 0, 1)
/** Further ahead than this a fix time is garbage: the record is kept at the receive time. */
export const FAR_FUTURE_MS = 24 * 3600 * 1000
/**
 * How far ahead of the server clock a fix may be and still move the vehicle (clock skew
 * between a tracker's GPS time and the server). A fix further ahead, up to FAR_FUTURE_MS,
 * is a tracker with a wrong clock: it is stored at its own time but never becomes the live
 * position, or every real fix after it would count as late.
 */
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000

export function outOfRange(time: number, receivedAt: number): boolean {
  return !Number.isFinite(time) || time < EARLIEST_FIX || time > receivedAt + FAR_FUTURE_MS
}

/**
 * Gives records whose fix time is out of range a time of their own. They are stored as
 * invalid fixes at the receive time; each gets a distinct millisecond (after the previous
 * substitute of the same device and clear of the packet's other fix times), so that the
 * `(device_id, fix_time)` key keeps every one of them: a record the device is told was
 * stored must not be dropped as a duplicate of its neighbour.
 */
export class FixTimeGuard {
  private readonly lastSubstitute = new Map<number, number>()

  sanitize(deviceId: number, positions: Position[], receivedAt: Date): Position[] {
    const now = receivedAt.getTime()
    if (!positions.some((p) => outOfRange(p.fixTime.getTime(), now))) return positions
    const taken = new Set(positions.map((p) => p.fixTime.getTime()))
    let next = Math.max(now, (this.lastSubstitute.get(deviceId) ?? -Infinity) + 1)
    const result = positions.map((position) => {
      const time = position.fixTime.getTime()
      if (!outOfRange(time, now)) return position
      while (taken.has(next)) next++
      const substitute = next++
      return {
        ...position,
        fixTime: new Date(substitute),
        valid: false,
        attributes: {
          ...position.attributes,
          reportedFixTime: Number.isFinite(time) ? position.fixTime.toISOString() : null,
        },
      }
    })
    this.lastSubstitute.set(deviceId, next - 1)
    return result
  }
}
