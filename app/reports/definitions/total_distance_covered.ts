import { vehicleDayReport } from '#reports/vehicle_day_report'

/** Total distance covered: per vehicle and day, odometer at the day's start and end. */
export const totalDistanceCoveredReport = vehicleDayReport({
  key: 'total_distance_covered',
  perDay: true,
  parts: { odometer: true, idle: false, parked: false, alarms: false },
  figures: ['startOdometer', 'endOdometer', 'distance', 'trips'],
  activeWhen: ['distance', 'trips'],
  chart: { type: 'bar', figure: 'distance' },
})
