import { vehicleDayReport } from '#reports/vehicle_day_report'

/**
 * Total distance covered: per vehicle and day, odometer at the day's start and end, and where
 * the vehicle's distance comes from (its tracker's odometer, or GPS).
 */
export const totalDistanceCoveredReport = vehicleDayReport({
  slug: 'total-distance-covered',
  group: 'trips_activity',
  key: 'total_distance_covered',
  perDay: true,
  parts: { odometer: true, idle: false, parked: false, alarms: false, source: true },
  figures: ['startOdometer', 'endOdometer', 'distance', 'distanceSource', 'trips'],
  activeWhen: ['distance', 'trips'],
  chart: { type: 'bar', figure: 'distance' },
})
