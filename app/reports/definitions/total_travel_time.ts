import { vehicleDayReport } from '#reports/vehicle_day_report'

/** Total travel time: per vehicle and day, the trips that started that day and their time. */
export const totalTravelTimeReport = vehicleDayReport({
  slug: 'total-travel-time',
  group: 'trips_activity',
  key: 'total_travel_time',
  perDay: true,
  parts: { odometer: false, idle: false, parked: false, alarms: false },
  figures: ['trips', 'driving', 'tripDistance', 'averageSpeed'],
  activeWhen: ['trips'],
  chart: { type: 'bar', figure: 'driving', scale: 3600 },
})
