import { vehicleDayReport } from '#reports/vehicle_day_report'
import { summaryFigures } from '#reports/summary_figures'

/** Device summaries: per vehicle for the whole period, every chosen vehicle. */
export const deviceSummariesReport = vehicleDayReport({
  slug: 'device-summaries',
  group: 'trips_activity',
  key: 'device_summaries',
  perDay: false,
  figures: summaryFigures,
  activeWhen: [],
  chart: { type: 'bar', figure: 'distance', by: 'vehicle' },
})
