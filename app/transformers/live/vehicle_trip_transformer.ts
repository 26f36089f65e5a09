import { BaseTransformer } from '@adonisjs/core/transformers'
import type Trip from '#models/trip'
import { playbackAt } from '#services/geocoder/card_places'

/** One of the vehicle page's last trips, the names of its two ends, and the user's zone. */
export type TripOfCard = {
  trip: Trip
  startPlace: string | null
  endPlace: string | null
  timezone: string
}

/**
 * A trip on the vehicle page's trips card: where it started and ended by name, and the history
 * page's query that plays it back from its start (`Data.Live.VehicleTrip`).
 */
export default class VehicleTripTransformer extends BaseTransformer<TripOfCard> {
  toObject() {
    const { trip, startPlace, endPlace, timezone } = this.resource
    const startTime = trip.startTime.toISO()!
    return {
      id: Number(trip.id),
      startTime,
      endTime: trip.endTime.toISO()!,
      start: { lat: trip.startLatitude, lon: trip.startLongitude },
      end: { lat: trip.endLatitude, lon: trip.endLongitude },
      distance: Math.round(trip.distance),
      duration: trip.duration,
      maxSpeed: Math.round(trip.maxSpeed),
      averageSpeed: Math.round(trip.averageSpeed),
      idleDuration: trip.idleDuration,
      startPlace,
      endPlace,
      playback: playbackAt(trip.deviceId, startTime, timezone),
    }
  }
}

/** The trips card; `places` are two per trip, its start and its end (`tripEnds`). */
export function vehicleTripsForCard(trips: Trip[], places: (string | null)[], timezone: string) {
  return trips.map((trip, index) =>
    new VehicleTripTransformer({
      trip,
      startPlace: places[index * 2] ?? null,
      endPlace: places[index * 2 + 1] ?? null,
      timezone,
    }).toObject()
  )
}
