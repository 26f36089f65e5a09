import { telematicsReports } from '#reports/telematics_reports'
import type { ReportDefinition } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { tripsReport } from '#reports/definitions/trips_report'

/**
 * Every report, by the slug of its page under /backend/reports (`reports.<slug>` in the
 * route table). The report pages, exports and scheduled reports all look reports up here.
 */
export const reportsBySlug: Record<string, ReportDefinition<PeriodInput>> = {
  'trip-summary': tripsReport as unknown as ReportDefinition<PeriodInput>,
}

// trip-summary is the telematics trip summary (with places, driver and fuel), like the rest
// of the telematics reports.
Object.assign(reportsBySlug, telematicsReports)
