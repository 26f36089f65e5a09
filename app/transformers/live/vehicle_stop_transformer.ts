import { BaseTransformer } from '@adonisjs/core/transformers'
import type Stop from '#models/stop'
import { playbackAt } from '#services/geocoder/card_places'

/** One of the vehicle page's last parkings, its place by name, and the user's zone. */
export type StopOfCard = { stop: Stop; place: string | null; timezone: string }

/**
 * A parking on the vehicle page's parkings card: its place by name and the history page's
 * query that plays it back from its start (`Data.Live.VehicleStop`).
 */
export default class VehicleStopTransformer extends BaseTransformer<StopOfCard> {
  toObject() {
    const { stop, place, timezone } = this.resource
    const startTime = stop.startTime.toISO()!
    return {
      id: Number(stop.id),
      startTime,
      endTime: stop.endTime.toISO()!,
      lat: stop.latitude,
      lon: stop.longitude,
      duration: stop.duration,
      engineOnDuration: stop.engineOnDuration,
      place,
      playback: playbackAt(stop.deviceId, startTime, timezone),
    }
  }
}

/** The parkings card; `places` are one per parking (`stopPoints`). */
export function vehicleStopsForCard(stops: Stop[], places: (string | null)[], timezone: string) {
  return stops.map((stop, index) =>
    new VehicleStopTransformer({ stop, place: places[index] ?? null, timezone }).toObject()
  )
}
