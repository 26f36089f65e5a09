import { initialSensorState, rollUp } from '../sensor_rollup.js'
import type { PipelineHandler } from './handler.js'

/** Hourly fuel and temperature rollups and fuel level events (the state lives in the live state). */
export const sensorsHandler: PipelineHandler = {
  name: 'sensors',
  position({ device, state, position, time, attributes, result }) {
    state.sensors = rollUp(
      state.sensors ?? initialSensorState(),
      {
        time,
        speed: position.speed,
        latitude: position.latitude,
        longitude: position.longitude,
        attributes,
        tankCapacity: device.tankCapacity ?? null,
      },
      result.sensors
    )
  },
}
