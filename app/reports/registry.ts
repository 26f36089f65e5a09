import type { ReportDefinition } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { telematicsReports } from '#reports/telematics_reports'
import { fleetReports } from '#reports/fleet_reports'
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
  ...telematicsReports,
  ...fleetReports,
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
