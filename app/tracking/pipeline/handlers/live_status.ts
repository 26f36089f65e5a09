import { liveStatusOf } from '../live_state.js'
import type { PipelineHandler } from './handler.js'

/**
 * The live state's readings: attributes, and for a valid fix the place, speed and
 * heading. Only a valid fix sets the time of the live state: a status packet without a
 * fix, stamped with the server clock, must not make the device's next real fixes "late".
 */
export const liveReadingsHandler: PipelineHandler = {
  name: 'live-readings',
  position({ state, merged, position, time, implausibleFix }) {
    state.attributes = merged
    if (position.valid) state.fixTime = time
    if (typeof merged.ignition === 'boolean') state.ignition = merged.ignition
    if (typeof merged.power === 'number') state.power = merged.power
    if (typeof merged.battery === 'number') state.battery = merged.battery
    if (typeof merged.batteryLevel === 'number') state.batteryLevel = merged.batteryLevel
    if (typeof merged.rssi === 'number') state.gsmSignal = merged.rssi
    if (position.valid) {
      state.latitude = position.latitude
      state.longitude = position.longitude
      state.speed = position.speed
      state.course = position.course
      state.altitude = position.altitude
      state.satellites = position.satellites
      state.valid = true
    } else if (!implausibleFix) {
      state.speed = 0
    }
  },
}

/** Moving, idle or stopped (after the readings). */
export const liveStatusHandler: PipelineHandler = {
  name: 'live-status',
  position({ device, state }) {
    state.liveStatus = liveStatusOf(state.speed, state.ignition, device.settings.movingSpeedKmh)
  },
}
