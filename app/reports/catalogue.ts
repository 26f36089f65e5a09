/**
 * The 25 report pages of the spec (§2) and fuel-events, grouped as the reports index shows them. A report
 * opens only when its definition is registered (app/reports/registry.ts); the others are
 * listed as not available yet.
 */
export const reportGroups = [
  {
    key: 'trips_activity',
    slugs: [
      'trip-summary',
      'parking-duration',
      'idle-times',
      'total-distance-covered',
      'total-travel-time',
      'engine-hours',
      'group-totals',
      'device-summaries',
      'device-summaries-daily',
      'driver-summaries',
    ],
  },
  { key: 'speed', slugs: ['maximum-speeds-reached', 'high-speed-duration'] },
  { key: 'alarms_behaviour', slugs: ['all-alarms', 'driver-behavior'] },
  {
    key: 'fuel',
    slugs: [
      'fuel-consumptions',
      'fuel-consumptions-daily',
      'trips-fuel-consumption-report',
      'vehicle-fuel-consumption-report',
      'fuel-events',
    ],
  },
  { key: 'sensors', slugs: ['battery-reports', 'temperature-reports', 'telematics-data'] },
  {
    key: 'fleet',
    slugs: [
      'fleet-fines',
      'fleet-drivers',
      'fleet-accident',
      'fleet-vehicles',
      'fleet-vehicle-check',
      'maintenance-reports',
      'open-issues',
      'work-order-costs',
    ],
  },
] as const

export type ReportSlug = (typeof reportGroups)[number]['slugs'][number]

export const reportSlugs: readonly ReportSlug[] = reportGroups.flatMap((group) => group.slugs)
