import type { TrackPoint } from '~/components/map/types'

export const playbackSpeeds = [1, 2, 4, 8, 16, 32, 64] as const
export type PlaybackSpeed = (typeof playbackSpeeds)[number]

/** The index of the last fix at or before `time` (0 before the first). */
export function indexAtTime(points: readonly TrackPoint[], time: number): number {
  let low = 0
  let high = points.length - 1
  if (high < 0 || time <= points[0][0]) return 0
  if (time >= points[high][0]) return high
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (points[middle][0] <= time) low = middle
    else high = middle - 1
  }
  return low
}

export interface PlaybackPosition {
  time: number
  lat: number
  lon: number
  speed: number
  course: number
  index: number
}

/** Where the vehicle was at `time`, between its two surrounding fixes. */
export function positionAtTime(
  points: readonly TrackPoint[],
  time: number
): PlaybackPosition | null {
  if (points.length === 0) return null
  const index = indexAtTime(points, time)
  const from = points[index]
  const to = points[index + 1]
  if (!to || time <= from[0]) {
    return { time, lat: from[1], lon: from[2], speed: from[3], course: from[4], index }
  }
  const ratio = Math.min(1, (time - from[0]) / Math.max(1, to[0] - from[0]))
  return {
    time,
    lat: from[1] + (to[1] - from[1]) * ratio,
    lon: from[2] + (to[2] - from[2]) * ratio,
    speed: from[3] + (to[3] - from[3]) * ratio,
    course: to[4],
    index,
  }
}
