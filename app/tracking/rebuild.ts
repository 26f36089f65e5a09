/**
 * The tracking layer's public entry for recomputing from stored positions what the ingest
 * derives as they arrive (`trips:rebuild`): the same trip, stop and idle detector, the same
 * position, fuel and temperature rollups, and the rows they write.
 */
export {
  detect,
  initialDetectorState,
  type DetectedIdle,
  type DetectedStop,
  type DetectedTrip,
} from './pipeline/trip_detector.js'
export { idleRow, stopRow, tripDriverSql, tripRow } from './pipeline/trip_rows.js'
export { driverCard } from './pipeline/driver_card.js'
export {
  HOUR_MS,
  SensorRollup,
  hourOf,
  initialSensorState,
  rollUp,
  type SensorState,
} from './pipeline/sensor_rollup.js'
export { sensorRollupStatements } from './pipeline/sensor_rollup_rows.js'
export { POSITION_HOUR_COLUMNS, POSITION_HOUR_MERGE } from './pipeline/position_hour_rows.js'
export { pgArrayLiteral } from './pipeline/pg_array_literal.js'
export { hasGpsFlag } from './pipeline/plausibility.js'
export { plausibilityStateFrom, shiftOdometerOffsets } from './pipeline/plausibility_state.js'
export { shiftLiveOdometer, type OdometerShift } from './pipeline/odometer_shift.js'
