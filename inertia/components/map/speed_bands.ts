import type { TrackPoint } from '~/components/map/types'

/**
 * The colours of a track by speed (km/h): slow blue, urban green, road amber, fast orange,
 * very fast red. A band holds speeds from `min` (included) to `max` (excluded).
 */
export interface SpeedBand {
  min: number
  max: number
  color: string
}

export const speedBands: readonly SpeedBand[] = [
  { min: 0, max: 30, color: '#2563eb' },
  { min: 30, max: 60, color: '#16a34a' },
  { min: 60, max: 90, color: '#ca8a04' },
  { min: 90, max: 120, color: '#ea580c' },
  { min: 120, max: Number.POSITIVE_INFINITY, color: '#dc2626' },
]

/** Grey dashes across a gap in the data (the tracker sent nothing for a while). */
export const GAP_COLOR = '#94a3b8'

/** Longer silences than this between two fixes are drawn as a gap, not as driving. */
export const GAP_MS = 15 * 60 * 1000

export function speedBandOf(speed: number): number {
  const index = speedBands.findIndex((band) => speed < band.max)
  return index === -1 ? speedBands.length - 1 : Math.max(0, index)
}

export interface TrackSegment {
  /** Index into speedBands, or -1 for a gap. */
  band: number
  color: string
  positions: [number, number][]
}

/**
 * Splits a track into polylines of one colour. A stretch between two fixes takes the band of
 * the speed it arrives at; consecutive stretches of one band make one polyline, each starting
 * where the previous ended so the line stays continuous.
 */
export function speedSegments(points: readonly TrackPoint[], gapMs = GAP_MS): TrackSegment[] {
  const segments: TrackSegment[] = []
  let current: TrackSegment | null = null
  for (let index = 1; index < points.length; index++) {
    const from = points[index - 1]
    const to = points[index]
    const band = to[0] - from[0] > gapMs ? -1 : speedBandOf(to[3])
    if (!current || current.band !== band) {
      current = {
        band,
        color: band === -1 ? GAP_COLOR : speedBands[band].color,
        positions: [[from[1], from[2]]],
      }
      segments.push(current)
    }
    current.positions.push([to[1], to[2]])
  }
  return segments
}
