import type { ReportDefinition } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { tripsReport } from '#reports/definitions/trips_report'
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

/**
 * Every report, by the slug of its page under /backend/reports (`reports.<slug>` in the
 * route table). The report pages, exports and scheduled reports all look reports up here.
 */
export const reportsBySlug: Record<string, ReportDefinition<PeriodInput>> = {
  'trip-summary': tripsReport as unknown as ReportDefinition<PeriodInput>,
  'fuel-consumptions': fuelConsumptionsReport as unknown as ReportDefinition<PeriodInput>,
  'fuel-consumptions-daily':
    fuelConsumptionsDailyReport as unknown as ReportDefinition<PeriodInput>,
  'trips-fuel-consumption-report':
    tripsFuelConsumptionReport as unknown as ReportDefinition<PeriodInput>,
  'vehicle-fuel-consumption-report':
    vehicleFuelConsumptionReport as unknown as ReportDefinition<PeriodInput>,
  'fuel-events': fuelEventsReport as unknown as ReportDefinition<PeriodInput>,
  'driver-behavior': driverBehaviorReport as unknown as ReportDefinition<PeriodInput>,
  'battery-reports': batteryReport as unknown as ReportDefinition<PeriodInput>,
  'telematics-data': telematicsReport as unknown as ReportDefinition<PeriodInput>,
  'temperature-reports': temperatureReport as unknown as ReportDefinition<PeriodInput>,
}
