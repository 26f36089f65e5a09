import { detect } from '../trip_detector.js'
import { driverCard } from '../driver_card.js'
import type { PipelineHandler } from './handler.js'

/** Trips, stops and idles from valid fixes (the detector's state lives in the live state). */
export const tripsHandler: PipelineHandler = {
  name: 'trips',
  position({ device, state, position, time, merged, result }) {
    if (!position.valid) return
    const detected = detect(
      state.detector,
      {
        time,
        latitude: position.latitude,
        longitude: position.longitude,
        odometer: state.odometer,
        speed: position.speed,
        ignition: state.ignition ?? undefined,
        speedLimit: device.speedLimit,
        driverCardId: driverCard(merged.driverUniqueId),
      },
      device.settings
    )
    state.detector = detected.state
    if (detected.trip) result.trips.push(detected.trip)
    if (detected.stop) result.stops.push(detected.stop)
    if (detected.idle) result.idles.push(detected.idle)
  },
}
