import type { ReportDefinition } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { fleetFinesReport } from '#reports/definitions/fleet_fines'
import { fleetDriversReport } from '#reports/definitions/fleet_drivers'
import { fleetAccidentReport } from '#reports/definitions/fleet_accident'
import { fleetVehiclesReport } from '#reports/definitions/fleet_vehicles'
import { fleetVehicleCheckReport } from '#reports/definitions/fleet_vehicle_check'
import { maintenanceReportsReport } from '#reports/definitions/maintenance_reports'
import { openIssuesReport } from '#reports/definitions/open_issues'
import { workOrderCostsReport } from '#reports/definitions/work_order_costs'

const as = (report: unknown) => report as ReportDefinition<PeriodInput>

/**
 * The fleet reports (fines, drivers, accidents, vehicles, vehicle checks, maintenance) by page
 * slug; `reportsBySlug` (registry.ts) includes them. Their rules are in the README, "Fleet
 * reports".
 */
export const fleetReports: Record<string, ReportDefinition<PeriodInput>> = {
  'fleet-fines': as(fleetFinesReport),
  'fleet-drivers': as(fleetDriversReport),
  'fleet-accident': as(fleetAccidentReport),
  'fleet-vehicles': as(fleetVehiclesReport),
  'fleet-vehicle-check': as(fleetVehicleCheckReport),
  'maintenance-reports': as(maintenanceReportsReport),
  'open-issues': as(openIssuesReport),
  'work-order-costs': as(workOrderCostsReport),
}
