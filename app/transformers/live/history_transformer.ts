import type { TrackRow } from '#queries/live/history_track'

/**
 * Track points as compact tuples [time ms, lat, lon, speed km/h, course]: a day of fixes
 * every few seconds is tens of thousands of points.
 */
export type TrackPoint = [number, number, number, number, number]

export function trackForMap(rows: TrackRow[]): TrackPoint[] {
  return rows.map((row) => [
    new Date(row.fix_time).getTime(),
    Math.round(row.latitude * 1e6) / 1e6,
    Math.round(row.longitude * 1e6) / 1e6,
    Math.round(row.speed),
    Math.round(row.course),
  ])
}

const isoOf = (value: Date | string) => new Date(value).toISOString()

export function historyTrip(row: Record<string, any>) {
  return {
    id: Number(row.id),
    startTime: isoOf(row.start_time),
    endTime: isoOf(row.end_time),
    start: { lat: row.start_latitude as number, lon: row.start_longitude as number },
    end: { lat: row.end_latitude as number, lon: row.end_longitude as number },
    distance: Math.round(Number(row.distance)),
    duration: Number(row.duration),
    maxSpeed: Math.round(Number(row.max_speed)),
    averageSpeed: Math.round(Number(row.average_speed)),
    idleDuration: Number(row.idle_duration),
  }
}

export function historyStop(row: Record<string, any>) {
  return {
    id: Number(row.id),
    startTime: isoOf(row.start_time),
    endTime: isoOf(row.end_time),
    lat: row.latitude as number,
    lon: row.longitude as number,
    duration: Number(row.duration),
    engineOnDuration: Number(row.engine_on_duration),
  }
}

export function historyAlarm(row: Record<string, any>) {
  return {
    id: Number(row.id),
    time: isoOf(row.event_time),
    code: row.code as string,
    state: row.state === 'A' || row.state === 'F' ? (row.state as 'A' | 'F') : null,
    lat: (row.latitude as number | null) ?? null,
    lon: (row.longitude as number | null) ?? null,
  }
}

/** Totals of the range: distance and driving time of its trips, top speed of its fixes. */
export function trackSummary(points: TrackPoint[], trips: ReturnType<typeof historyTrip>[]) {
  let maxSpeed = 0
  for (const point of points) maxSpeed = Math.max(maxSpeed, point[3])
  return {
    points: points.length,
    distance: trips.reduce((sum, trip) => sum + trip.distance, 0),
    drivingSeconds: trips.reduce((sum, trip) => sum + trip.duration, 0),
    maxSpeed,
    trips: trips.length,
  }
}
