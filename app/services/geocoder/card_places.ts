import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { playbackQuery } from '#shared/report_links'
import { placeNamer, type PlacePoint } from './reverse_geocoder.js'

/**
 * Places by name outside the reports (docs/geocoding.md): the vehicle page's cards name its
 * last position, its last trips' ends, its last parkings and its recent alarms (their transformers add the
 * history playback at that moment). One namer per page request: the company's places are read once.
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

/** The points to name for trips: each trip's start, then its end. */
export function tripEnds(
  trips: {
    startLatitude: number
    startLongitude: number
    endLatitude: number
    endLongitude: number
  }[]
): PlacePoint[] {
  return trips.flatMap((trip) => [
    { latitude: trip.startLatitude, longitude: trip.startLongitude },
    { latitude: trip.endLatitude, longitude: trip.endLongitude },
  ])
}

/** The points to name for parkings, one each. */
export function stopPoints(stops: { latitude: number; longitude: number }[]): PlacePoint[] {
  return stops.map((stop) => ({ latitude: stop.latitude, longitude: stop.longitude }))
}

/** The points to name for alarms, one each (null for an alarm without a position). */
export function alarmPoints(
  alarms: { latitude: number | null; longitude: number | null }[]
): (PlacePoint | null)[] {
  return alarms.map((alarm) => pointOf(alarm.latitude, alarm.longitude))
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
