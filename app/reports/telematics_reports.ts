import { registeredReports } from '#reports/registry'
import { driverBehaviorReport } from '#reports/definitions/driver_behavior_report'

/**
 * The telematics reports (trips and activity, speed, alarms, summaries) by page slug: the
 * registered reports of those groups, but for driver behaviour (scored from its own rules).
 * Their rules: docs/domain-rules.md, "Report definitions".
 */
export const telematicsReports = Object.fromEntries(
  registeredReports
    .filter((report) => ['trips_activity', 'speed', 'alarms_behaviour'].includes(report.group))
    .filter((report) => report !== driverBehaviorReport)
    .map((report) => [report.slug, report])
)
