/**
 * What a simulated tracker knows at one instant: the values its protocol encoders put on the
 * wire. Units follow the normalized Position: km/h, degrees, metres, volts.
 */
export interface CellTower {
  mcc: number
  mnc: number
  lac: number
  cellId: number
}

/** Green driving type as Teltonika numbers it (IO 253): 1 acceleration, 2 braking, 3 cornering. */
export type HarshKind = 1 | 2 | 3

/**
 * Why a record was written outside the periodic schedule:
 * - harsh: a green-driving event (Teltonika IO 253/254, GT06 alarm 0x19/0x1A/0x1B);
 * - overspeed: the speed went over the over-speeding threshold (Teltonika IO 255, GT06 0x06);
 * - ignition: the ignition changed (Teltonika event IO 239).
 */
export type DeviceEvent =
  { kind: 'harsh'; type: HarshKind; value: number } | { kind: 'overspeed' } | { kind: 'ignition' }

export interface DeviceFix {
  time: Date
  latitude: number
  longitude: number
  /** km/h, whole */
  speed: number
  /** degrees 0..359, whole */
  course: number
  /** metres, whole */
  altitude: number
  satellites: number
  ignition: boolean
  /** The accelerometer feels the vehicle moving. */
  moving: boolean
  /** Total odometer, metres. */
  odometer: number
  /** Odometer since the ignition was switched on, metres. */
  tripOdometer: number
  /** External (vehicle) voltage, V. */
  power: number
  /** Internal battery voltage, V. */
  battery: number
  /** GSM signal 1..5 (Teltonika scale). */
  gsmLevel: number
  /** Digital output 1: the engine-cut relay is on (GT06 "oil/electricity cut"). */
  relay: boolean
  cell: CellTower
  event?: DeviceEvent
  /** The first temperature sensor (Teltonika Dallas 1), °C, one decimal; absent: none fitted. */
  temperature?: number
}
