import type { Figure } from '#reports/vehicle_day_report'

/** What device summaries show per vehicle (for the period or per day). */
export const summaryFigures: Figure[] = [
  'distance',
  'trips',
  'driving',
  'idle',
  'parked',
  'maxSpeed',
  'averageSpeed',
  'alarms',
  'fuel',
]
