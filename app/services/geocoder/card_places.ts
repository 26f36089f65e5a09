import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { playbackQuery } from '#shared/report_links'
import { placeNamer, type PlacePoint } from './reverse_geocoder.js'

/**
 * Places by name outside the reports (docs/geocoding.md): the vehicle page's cards name its
 * last position, its last trips' ends and its last parkings, each with the history playback
 * at that moment. One namer per page request: the company's places are read once.
 */
export function cardPlaces(companyId: number, locale: string) {
  let namer: Promise<(points: (PlacePoint | null)[]) => Promise<(string | null)[]>> | null = null
  return (points: (PlacePoint | null)[]) => {
    namer ??= placeNamer(db.connection(), companyId, locale)
    return namer.then((name) => name(points))
  }
}

/** The history page's query that plays a vehicle back from a moment (its local day). */
export function playbackAt(deviceId: number, time: string, timezone: string): string | null {
  const local = DateTime.fromISO(time, { zone: timezone })
  if (!local.isValid) return null
  return playbackQuery({ deviceId, time: local.toISO() }, { time: 'time' })?.toString() ?? null
}

const pointOf = (lat: number | null, lon: number | null): PlacePoint | null =>
  lat === null || lon === null ? null : { latitude: lat, longitude: lon }

/** Trips with the names of their start and end, and their playback. */
export async function namedTrips<
  T extends {
    startTime: string
    start: { lat: number; lon: number }
    end: { lat: number; lon: number }
  },
>(
  trips: T[],
  name: ReturnType<typeof cardPlaces>,
  options: { deviceId: number; timezone: string }
) {
  const places = await name(
    trips.flatMap((trip) => [
      pointOf(trip.start.lat, trip.start.lon),
      pointOf(trip.end.lat, trip.end.lon),
    ])
  )
  return trips.map((trip, index) => ({
    ...trip,
    startPlace: places[index * 2],
    endPlace: places[index * 2 + 1],
    playback: playbackAt(options.deviceId, trip.startTime, options.timezone),
  }))
}

/** Parkings with the name of their place, and their playback. */
export async function namedStops<T extends { startTime: string; lat: number; lon: number }>(
  stops: T[],
  name: ReturnType<typeof cardPlaces>,
  options: { deviceId: number; timezone: string }
) {
  const places = await name(stops.map((stop) => pointOf(stop.lat, stop.lon)))
  return stops.map((stop, index) => ({
    ...stop,
    place: places[index],
    playback: playbackAt(options.deviceId, stop.startTime, options.timezone),
  }))
}

/** The name of one position (the vehicle's last), null without one. */
export async function namedPosition(
  lat: number | null,
  lon: number | null,
  name: ReturnType<typeof cardPlaces>
) {
  const point = pointOf(lat, lon)
  if (!point) return null
  const [place] = await name([point])
  return place ?? null
}
