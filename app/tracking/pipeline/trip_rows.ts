import type { DetectedIdle, DetectedStop, DetectedTrip } from './trip_detector.js'

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
    max_speed_time: trip.maxSpeedAt ? new Date(trip.maxSpeedAt.time) : null,
    max_speed_latitude: trip.maxSpeedAt?.latitude ?? null,
    max_speed_longitude: trip.maxSpeedAt?.longitude ?? null,
    speed_seconds: intArrayLiteral(trip.speedSeconds),
    speed_meters: intArrayLiteral(trip.speedMeters),
    over_limit_seconds: Math.round(trip.overLimitSeconds ?? 0),
    over_limit_distance: Math.round((trip.overLimitMeters ?? 0) * 10) / 10,
    driver_card_id: trip.driverCardId ?? null,
  }
}

/** `{1,2,3}`: whole seconds or metres per 5 km/h step, trailing steps never reached dropped. */
function intArrayLiteral(values: number[] | undefined) {
  const rounded = (values ?? []).map((value) => Math.round(value ?? 0))
  while (rounded.length > 0 && rounded[rounded.length - 1] === 0) rounded.pop()
  return `{${rounded.join(',')}}`
}

/**
 * Who drove a trip, as SQL over a trips row `t` (company_id, device_id, start_time,
 * driver_card_id): the driver whose card the tracker reported during the trip, else the driver
 * assigned to the vehicle when the trip started (driver_assignments), else nobody.
 */
export function tripDriverSql(t: string) {
  return `COALESCE(
    (SELECT d.id FROM drivers d WHERE d.company_id = ${t}.company_id
       AND ${t}.driver_card_id IS NOT NULL AND d.card_id IS NOT NULL
       AND ltrim(upper(d.card_id), '0') = ltrim(upper(${t}.driver_card_id), '0')
     ORDER BY d.id LIMIT 1),
    (SELECT a.driver_id FROM driver_assignments a WHERE a.device_id = ${t}.device_id
       AND a.started_at <= ${t}.start_time
       AND (a.ended_at IS NULL OR a.ended_at > ${t}.start_time)
     ORDER BY a.started_at DESC, a.id DESC LIMIT 1))`
}

/** The stored form of an idle period (idle_periods table). */
export function idleRow(companyId: number, deviceId: number, idle: DetectedIdle) {
  return {
    company_id: companyId,
    device_id: deviceId,
    start_time: new Date(idle.start.time),
    end_time: new Date(idle.end.time),
    latitude: idle.start.latitude,
    longitude: idle.start.longitude,
    duration: Math.round((idle.end.time - idle.start.time) / 1000),
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
