import type { PositionAttributes } from '../position.js'
import { initialDetectorState, type DetectorState } from './trip_detector.js'
import { initialSensorState, type SensorState } from './sensor_rollup.js'
import type { PlausibilityState } from './plausibility_state.js'

export type LiveStatus = 'moving' | 'idle' | 'stopped'

/** What the pipeline knows of a device between positions; persisted in device_states. */
export interface LiveState {
  fixTime: number | null
  lastSeenAt: number | null
  latitude: number | null
  longitude: number | null
  speed: number
  course: number
  altitude: number
  satellites: number
  valid: boolean
  liveStatus: LiveStatus
  online: boolean
  ignition: boolean | null
  /** metres */
  odometer: number
  power: number | null
  battery: number | null
  batteryLevel: number | null
  gsmSignal: number | null
  ipAddress: string | null
  /** The latest value of every attribute the device reported. */
  attributes: PositionAttributes
  detector: DetectorState
  overspeed: boolean
  /** Ids of the geofences the vehicle is inside. */
  geofences: number[]
  /** Moving outside the company's working hours (OUT_OF_HOURS A raised, F not yet). */
  outOfHours: boolean
  /** The fuel and temperature rollup's memory (last level, growing event, last readings). */
  sensors?: SensorState
  /** The plausibility filters' memory (last good fix, odometer base, battery state). */
  plausibility?: PlausibilityState
  /**
   * The device's odometer correction count (`devices.odometer_generation`) this state includes.
   * Read with the state; the batch writer checks it at commit and applies the corrections a
   * state in memory missed. Not stored in device_states.
   */
  odometerGeneration: number
}

export function initialLiveState(): LiveState {
  return {
    fixTime: null,
    lastSeenAt: null,
    latitude: null,
    longitude: null,
    speed: 0,
    course: 0,
    altitude: 0,
    satellites: 0,
    valid: false,
    liveStatus: 'stopped',
    online: false,
    ignition: null,
    odometer: 0,
    power: null,
    battery: null,
    batteryLevel: null,
    gsmSignal: null,
    ipAddress: null,
    attributes: {},
    detector: initialDetectorState(),
    overspeed: false,
    geofences: [],
    outOfHours: false,
    sensors: initialSensorState(),
    odometerGeneration: 0,
  }
}

export function liveStatusOf(speed: number, ignition: boolean | null, movingSpeedKmh: number) {
  if (speed >= movingSpeedKmh) return 'moving'
  return ignition ? 'idle' : 'stopped'
}
