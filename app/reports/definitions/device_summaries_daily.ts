import { vehicleDayReport } from '#reports/vehicle_day_report'
import { summaryFigures } from '#reports/summary_figures'

/** Device summaries per day: per vehicle and day, days without any activity left out. */
export const deviceSummariesDailyReport = vehicleDayReport({
  slug: 'device-summaries-daily',
  group: 'trips_activity',
  key: 'device_summaries_daily',
  perDay: true,
  figures: summaryFigures,
  activeWhen: ['distance', 'trips', 'parked', 'alarms'],
  chart: { type: 'line', figure: 'distance' },
})
