import type { ReportDefinition } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { tripSummaryReport } from '#reports/definitions/trip_summary'
import { parkingDurationReport } from '#reports/definitions/parking_duration'
import { idleTimesReport } from '#reports/definitions/idle_times'
import { totalDistanceCoveredReport } from '#reports/definitions/total_distance_covered'
import { totalTravelTimeReport } from '#reports/definitions/total_travel_time'
import { maximumSpeedsReachedReport } from '#reports/definitions/maximum_speeds_reached'
import { highSpeedDurationReport } from '#reports/definitions/high_speed_duration'
import { allAlarmsReport } from '#reports/definitions/all_alarms'
import { deviceSummariesReport } from '#reports/definitions/device_summaries'
import { deviceSummariesDailyReport } from '#reports/definitions/device_summaries_daily'
import { driverSummariesReport } from '#reports/definitions/driver_summaries'

import {
  fuelConsumptionsDailyReport,
  fuelConsumptionsReport,
  fuelEventsReport,
  tripsFuelConsumptionReport,
  vehicleFuelConsumptionReport,
} from '#reports/definitions/fuel_reports'
import { driverBehaviorReport } from '#reports/definitions/driver_behavior_report'
import {
  batteryReport,
  telematicsReport,
  temperatureReport,
} from '#reports/definitions/sensor_reports'

const as = (report: unknown) => report as ReportDefinition<PeriodInput>

/**
 * Every report, by the slug of its page under /backend/reports (`reports.<slug>` in the
 * route table). The report pages, exports and scheduled reports all look reports up here.
 */
export const reportsBySlug: Record<string, ReportDefinition<PeriodInput>> = {
  'trip-summary': as(tripSummaryReport),
  'parking-duration': as(parkingDurationReport),
  'idle-times': as(idleTimesReport),
  'total-distance-covered': as(totalDistanceCoveredReport),
  'total-travel-time': as(totalTravelTimeReport),
  'maximum-speeds-reached': as(maximumSpeedsReachedReport),
  'high-speed-duration': as(highSpeedDurationReport),
  'all-alarms': as(allAlarmsReport),
  'device-summaries': as(deviceSummariesReport),
  'device-summaries-daily': as(deviceSummariesDailyReport),
  'driver-summaries': as(driverSummariesReport),
  'fuel-consumptions': as(fuelConsumptionsReport),
  'fuel-consumptions-daily': as(fuelConsumptionsDailyReport),
  'trips-fuel-consumption-report': as(tripsFuelConsumptionReport),
  'vehicle-fuel-consumption-report': as(vehicleFuelConsumptionReport),
  'fuel-events': as(fuelEventsReport),
  'driver-behavior': as(driverBehaviorReport),
  'battery-reports': as(batteryReport),
  'telematics-data': as(telematicsReport),
  'temperature-reports': as(temperatureReport),
}
