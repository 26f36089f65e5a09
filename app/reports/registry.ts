import { reportGroupKeys, reportRoute, type ReportDefinition } from '#reports/engine/definition'
import { tripSummaryReport } from '#reports/definitions/trip_summary'
import { parkingDurationReport } from '#reports/definitions/parking_duration'
import { idleTimesReport } from '#reports/definitions/idle_times'
import { totalDistanceCoveredReport } from '#reports/definitions/total_distance_covered'
import { totalTravelTimeReport } from '#reports/definitions/total_travel_time'
import { engineHoursReport } from '#reports/definitions/engine_hours'
import { groupTotalsReport } from '#reports/definitions/group_totals'
import { geofenceVisitsReport } from '#reports/definitions/geofence_visits'
import { utilisationReport } from '#reports/definitions/utilisation'
import { deviceSummariesReport } from '#reports/definitions/device_summaries'
import { deviceSummariesDailyReport } from '#reports/definitions/device_summaries_daily'
import { driverSummariesReport } from '#reports/definitions/driver_summaries'
import { maximumSpeedsReachedReport } from '#reports/definitions/maximum_speeds_reached'
import { highSpeedDurationReport } from '#reports/definitions/high_speed_duration'
import { allAlarmsReport } from '#reports/definitions/all_alarms'
import { driverBehaviorReport } from '#reports/definitions/driver_behavior_report'
import {
  fuelConsumptionsDailyReport,
  fuelConsumptionsReport,
  fuelEventsReport,
  tripsFuelConsumptionReport,
  vehicleFuelConsumptionReport,
} from '#reports/definitions/fuel_reports'
import {
  batteryReport,
  telematicsReport,
  temperatureReport,
} from '#reports/definitions/sensor_reports'
import { fleetFinesReport } from '#reports/definitions/fleet_fines'
import { fleetDriversReport } from '#reports/definitions/fleet_drivers'
import { fleetAccidentReport } from '#reports/definitions/fleet_accident'
import { fleetVehiclesReport } from '#reports/definitions/fleet_vehicles'
import { fleetVehicleCheckReport } from '#reports/definitions/fleet_vehicle_check'
import { maintenanceReportsReport } from '#reports/definitions/maintenance_reports'
import { openIssuesReport } from '#reports/definitions/open_issues'
import { workOrderCostsReport } from '#reports/definitions/work_order_costs'
import { hrReportsReport } from '#reports/definitions/hr_reports'
import { vehicleCheckReportsReport } from '#reports/definitions/vehicle_check_reports'
import { inventoryReportsReport } from '#reports/definitions/inventory_reports'
import { fleetSummaryReport } from '#reports/definitions/fleet_summary'

/**
 * Every report, once: the one list the engine's consumers derive from (docs/reports.md). A
 * definition (`defineReport`) carries its slug, its group and its ability; from this list
 * come the reports index (its groups, in this order), the page and export routes
 * (start/routes/reports.ts), the controller's lookup by route name, exports and scheduled
 * reports. Adding a report: its definition file, its texts, and one line here.
 */
export const registeredReports: readonly ReportDefinition[] = [
  tripSummaryReport,
  parkingDurationReport,
  idleTimesReport,
  totalDistanceCoveredReport,
  totalTravelTimeReport,
  engineHoursReport,
  groupTotalsReport,
  geofenceVisitsReport,
  utilisationReport,
  deviceSummariesReport,
  deviceSummariesDailyReport,
  driverSummariesReport,
  maximumSpeedsReachedReport,
  highSpeedDurationReport,
  allAlarmsReport,
  driverBehaviorReport,
  fuelConsumptionsReport,
  fuelConsumptionsDailyReport,
  tripsFuelConsumptionReport,
  vehicleFuelConsumptionReport,
  fuelEventsReport,
  batteryReport,
  temperatureReport,
  telematicsReport,
  fleetSummaryReport,
  fleetFinesReport,
  fleetDriversReport,
  fleetAccidentReport,
  fleetVehiclesReport,
  fleetVehicleCheckReport,
  maintenanceReportsReport,
  openIssuesReport,
  workOrderCostsReport,
  hrReportsReport,
  vehicleCheckReportsReport,
  inventoryReportsReport,
]

/** Every report by its slug (`reports.<slug>` in the route table). */
export const reportsBySlug: Record<string, ReportDefinition> = Object.fromEntries(
  registeredReports.map((report) => [report.slug, report])
)

const duplicate = registeredReports.find(
  (report, index) => registeredReports.findIndex((other) => other.slug === report.slug) !== index
)
if (duplicate) throw new Error(`Two reports are registered as "${duplicate.slug}"`)

/** The reports of a group, in the registry's order. */
export function reportsOfGroup(group: ReportDefinition['group']) {
  return registeredReports.filter((report) => report.group === group)
}

/** The reports index: its groups in order, each with its reports' slugs. */
export const reportGroups = reportGroupKeys.map((key) => ({
  key,
  slugs: reportsOfGroup(key).map((report) => report.slug),
}))

/** Every report by the route of its page (`reports.<slug>` or its own `route`). */
const reportsByRoute = new Map<string, ReportDefinition>(
  registeredReports.map((report) => [reportRoute(report), report])
)

/**
 * The report a route serves: its page's route (`reports.<slug>` or its own `route`) and the
 * routes below it (`.get.export`, `.get.map`), in either language (`tr.` prefix); null for
 * any other route.
 */
export function reportOfRoute(name: string | undefined): ReportDefinition | null {
  const bare = name?.startsWith('tr.') ? name.slice(3) : (name ?? '')
  const page = bare.replace(/\.get\.(export|map)$/, '')
  return reportsByRoute.get(page) ?? null
}

/** Every report's slug, in the index's order. */
export const reportSlugs: readonly string[] = reportGroups.flatMap((group) => group.slugs)
