import type { FleetSummary } from '#queries/fleet/fleet_summary'
import { REPORT_CURRENCY } from '#reports/engine/money'

/**
 * The fleet summary page's figures for its period: amounts in `currency` (the reports' one, TL:
 * EUR records converted), distance in km.
 */
export function fleetSummaryForPage(summary: FleetSummary) {
  return {
    period: { from: summary.period.from, to: summary.period.to },
    vehicles: summary.vehicles,
    distanceKm: summary.distanceKm,
    drivingSeconds: summary.drivingSeconds,
    costs: summary.costs,
    costPerKm: summary.costPerKm,
    currency: REPORT_CURRENCY,
    fines: summary.fines,
    accidents: summary.accidents,
    openRequests: summary.openRequests,
    maintenance: summary.maintenance,
    checks: summary.checks,
  }
}

export type FleetSummaryForPage = ReturnType<typeof fleetSummaryForPage>
