import { BaseTransformer } from '@adonisjs/core/transformers'
import type { TrackRow } from '#queries/live/history_track'
import type { TrackPoint } from '#shared/live_tuples'

/**
 * Track points as compact tuples [time ms, lat, lon, speed km/h, course]: a day of fixes
 * every few seconds is tens of thousands of points (app/shared/live_tuples.ts).
 */
export type { TrackPoint }

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

type Places = (string | null)[]

/**
 * A vehicle's history over a range as HistoryController read it: the track's rows, its trips,
 * parkings and alarms, and their places by name in the page's language (two per trip: start
 * and end; one per parking and alarm, null for an alarm without a position).
 */
export type HistoryOfRange = {
  track: { rows: TrackRow[]; truncated: boolean }
  trips: ReturnType<typeof historyTrip>[]
  stops: ReturnType<typeof historyStop>[]
  alarms: ReturnType<typeof historyAlarm>[]
  places: { trips: Places; stops: Places; alarms: Places }
}

/**
 * The history page's track (tuples, kept as tuples), trips, parkings and alarms by place
 * name, and the range's totals; the page's type is generated from this class
 * (`Data.Live.History`).
 */
export default class HistoryTransformer extends BaseTransformer<HistoryOfRange> {
  toObject() {
    const { track, trips, stops, alarms, places } = this.resource
    const points = trackForMap(track.rows)
    return {
      points,
      truncated: track.truncated,
      trips: trips.map((trip, index) => ({
        ...trip,
        startPlace: places.trips[index * 2] ?? null,
        endPlace: places.trips[index * 2 + 1] ?? null,
      })),
      stops: stops.map((stop, index) => ({ ...stop, place: places.stops[index] ?? null })),
      alarms: alarms.map((alarm, index) => ({ ...alarm, place: places.alarms[index] ?? null })),
      summary: trackSummary(points, trips),
    }
  }
}
