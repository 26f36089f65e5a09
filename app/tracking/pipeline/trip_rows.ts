import type { DetectedStop, DetectedTrip } from './trip_detector.js'

/** The stored form of a detected trip (trips table), shared by ingest and rebuild. */
export function tripRow(companyId: number, deviceId: number, trip: DetectedTrip) {
  const seconds = Math.max(1, Math.round((trip.end.time - trip.start.time) / 1000))
  const distance = Math.max(0, trip.end.odometer - trip.start.odometer)
  return {
    company_id: companyId,
    device_id: deviceId,
    start_time: new Date(trip.start.time),
    end_time: new Date(trip.end.time),
    start_latitude: trip.start.latitude,
    start_longitude: trip.start.longitude,
    end_latitude: trip.end.latitude,
    end_longitude: trip.end.longitude,
    distance,
    max_speed: trip.maxSpeed,
    average_speed: Math.round((distance / 1000 / (seconds / 3600)) * 10) / 10,
    duration: seconds,
    idle_duration: trip.idleSeconds,
    start_odometer: trip.start.odometer,
    end_odometer: trip.end.odometer,
  }
}

/** The stored form of a detected stop (stops table). */
export function stopRow(companyId: number, deviceId: number, stop: DetectedStop) {
  return {
    company_id: companyId,
    device_id: deviceId,
    start_time: new Date(stop.start.time),
    end_time: new Date(stop.end.time),
    latitude: stop.start.latitude,
    longitude: stop.start.longitude,
    duration: Math.round((stop.end.time - stop.start.time) / 1000),
    engine_on_duration: stop.engineOnSeconds,
  }
}
