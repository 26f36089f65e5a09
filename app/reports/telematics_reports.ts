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
import { engineHoursReport } from '#reports/definitions/engine_hours'
import { groupTotalsReport } from '#reports/definitions/group_totals'
import { geofenceVisitsReport } from '#reports/definitions/geofence_visits'
import { utilisationReport } from '#reports/definitions/utilisation'

const as = (report: unknown) => report as ReportDefinition<PeriodInput>

/**
 * The telematics reports (trips and activity, speed, alarms, summaries) by page slug;
 * `reportsBySlug` (registry.ts) includes them. Their rules are in the README, "Report
 * definitions".
 */
export const telematicsReports: Record<string, ReportDefinition<PeriodInput>> = {
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
  'engine-hours': as(engineHoursReport),
  'group-totals': as(groupTotalsReport),
  'geofence-visits': as(geofenceVisitsReport),
  'utilisation': as(utilisationReport),
}
