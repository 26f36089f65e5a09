import { type DateTime } from 'luxon'
import { HOUR_MS } from '#tracking/pipeline/sensor_rollup'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'

/**
 * Which parts of a period the hourly rollups answer and which need raw positions: every
 * whole UTC hour inside the period is read from the rollup, except an hour that a boundary
 * cuts (the period's start or end, or with `byDay` a local midnight of a zone whose offset is
 * not whole hours); those hours are read from positions, as segments that each fall inside
 * one hour and one day.
 */
export interface RollupWindows {
  /** Rollup hours from `firstHour` to `lastHour` (inclusive), except `cutHours`. */
  firstHour: Date
  lastHour: Date
  /** '{...}' literals for `?::timestamptz[]` bindings. */
  cutHours: string
  segmentStarts: string
  segmentEnds: string
  /** Segments read from positions (for tests and decisions in code). */
  segments: [Date, Date][]
}

const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS

export function rollupWindows(from: DateTime, to: DateTime, byDay: boolean): RollupWindows {
  const start = from.toMillis()
  const end = to.toMillis()
  const boundaries = new Set<number>([start, end])
  if (byDay) {
    for (let day = from.startOf('day').plus({ days: 1 }); day < to; day = day.plus({ days: 1 })) {
      boundaries.add(day.toMillis())
    }
  }
  const cut = [...boundaries].filter((time) => time % HOUR_MS !== 0).map(floorHour)
  const cutHours = [...new Set(cut)].sort((a, b) => a - b)
  const segments: [Date, Date][] = []
  for (const hour of cutHours) {
    const points = [
      Math.max(hour, start),
      ...[...boundaries].filter((time) => time > hour && time < hour + HOUR_MS),
      Math.min(hour + HOUR_MS, end),
    ].sort((a, b) => a - b)
    for (let index = 0; index + 1 < points.length; index++) {
      const [segmentStart, segmentEnd] = [points[index], points[index + 1]]
      if (segmentStart >= start && segmentEnd <= end && segmentStart < segmentEnd) {
        segments.push([new Date(segmentStart), new Date(segmentEnd)])
      }
    }
  }
  return {
    firstHour: new Date(start),
    lastHour: new Date(end - HOUR_MS),
    cutHours: pgArrayLiteral(cutHours.map((hour) => new Date(hour))),
    segmentStarts: pgArrayLiteral(segments.map(([segmentStart]) => segmentStart)),
    segmentEnds: pgArrayLiteral(segments.map(([, segmentEnd]) => segmentEnd)),
    segments,
  }
}
