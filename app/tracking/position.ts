/**
 * The normalized position every protocol decoder produces, and the events derived from it.
 *
 * Units: speed km/h, course degrees 0..360, altitude metres, voltages volts, distances metres,
 * temperatures °C, fuel litres. Times are UTC `Date`s.
 */

export interface PositionAttributes {
  ignition?: boolean
  motion?: boolean
  /** Total odometer, metres. */
  odometer?: number
  /** Trip odometer, metres. */
  tripOdometer?: number
  /** External (vehicle) voltage, V. */
  power?: number
  /** Internal (backup) battery voltage, V. */
  battery?: number
  /** Internal battery charge, %. */
  batteryLevel?: number
  /** Digital inputs by number (1..6). */
  inputs?: Record<number, boolean>
  /** Digital outputs by number (1..2); output 1 drives the engine-cut relay. */
  outputs?: Record<number, boolean>
  /** Signal strength normalized to 0..5. */
  rssi?: number
  /** Signal strength as the device reports it (Teltonika 1..5, GT06 0..4). */
  gsmLevel?: number
  /** Fuel in the tank, litres. */
  fuel?: number
  /** Fuel consumed (total), litres. */
  fuelUsed?: number
  /** Temperatures by sensor name (dallas1..4, eye1..4), °C. */
  temperatures?: Record<string, number>
  driverUniqueId?: string
  /** Raw device alarm code (GT06 alarm byte). */
  alarm?: number
  /** Teltonika record priority: 0 low, 1 high, 2 panic. */
  priority?: number
  /** Raw values of IO elements no mapping covers: IO id -> number, or hex string when wider. */
  io?: Record<string, number | string>

  /** Teltonika: IO id that made the device write this record (0 for periodic records). */
  eventIo?: number
  /** Analog inputs, V. */
  adc1?: number
  adc2?: number
  /** Fuel in the tank, %. */
  fuelLevel?: number
  /** Teltonika green driving: 1 acceleration, 2 braking, 3 cornering; value is its magnitude. */
  greenDrivingType?: number
  greenDrivingValue?: number
  /** Engine cut relay active (GT06 oil/electricity cut). */
  blocked?: boolean
  charging?: boolean
  /** GT06 terminal-info alarm bits: 1 vibration, 2 power cut, 3 low battery, 4 SOS. */
  statusAlarm?: number
  /** GT06 voltage level 0..6 as sent. */
  voltageLevel?: number
  mcc?: number
  mnc?: number
  lac?: number
  cellId?: number
  /** What ingest judged implausible (PositionFlag values, pipeline/plausibility.ts); absent when nothing. */
  flags?: string[]
  /** The device's own odometer as it sent it, metres (`odometer` is the cleaned one). */
  deviceOdometer?: number
  [key: string]: unknown
}

export interface Position {
  imei: string
  fixTime: Date
  latitude: number
  longitude: number
  /** km/h */
  speed: number
  course: number
  altitude: number
  satellites: number
  valid: boolean
  attributes: PositionAttributes
}

/** 'A' = became active, 'F' = became inactive; absent for one-shot alarms. */
export type EventState = 'A' | 'F'

export interface NormalizedEvent {
  /** Spec §9 code, e.g. 'A102', '100', 'NOV'. */
  code: string
  state?: EventState
  fixTime: Date
  attributes?: Record<string, unknown>
}

export const KNOTS_TO_KMH = 1.852
