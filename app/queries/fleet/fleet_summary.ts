import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { fleetReports } from '#reports/fleet_reports'
import type { Period } from '#queries/fleet/fleet_flow_reports'

export interface FleetSummary {
  period: Period
  vehicles: number
  distanceKm: number
  drivingSeconds: number
  costs: {
    expenses: number
    services: number
    maintenance: number
    fines: number
    insurance: number
    total: number
  }
  costPerKm: number | null
  fines: { count: number; amount: number; unpaidAmount: number }
  accidents: { count: number; cost: number }
  openRequests: { requests: number; leave: number }
  maintenance: { due: number; overdue: number }
  checks: { vehicles: number; passing: number; passRate: number | null }
}

/**
 * One page about the whole fleet over a period of days (the user's time zone): the same
 * figures as the fleet reports' totals (vehicles: distance, driving time, costs by kind in
 * TL and cost per km; fines; accidents with their repair cost; vehicle check pass rate), plus
 * what is open now: fleet requests pending or approved and not done, leave requests
 * pending, and maintenance schedule items due or overdue today.
 */
export async function fleetSummary(
  companyId: number,
  period: Period,
  timezone: string,
  now: DateTime
): Promise<FleetSummary> {
  const input = { period: 'custom', from: period.from, to: period.to }
  const context = { companyId, timezone, now }
  const totals = async (slug: string) => {
    const run = await fleetReports[slug].run(input, context)
    return run.totals
  }
  const vehicles = await totals('fleet-vehicles')
  const fines = await totals('fleet-fines')
  const accidents = await totals('fleet-accident')
  const checks = await totals('fleet-vehicle-check')
  const maintenance = await totals('maintenance-reports')
  const [requests] = await db
    .from('fleet_requests')
    .where('company_id', companyId)
    .whereIn('status', ['pending', 'approved'])
    .count('* as total')
  const [leave] = await db
    .from('leave_requests')
    .where('company_id', companyId)
    .where('status', 'pending')
    .count('* as total')
  return {
    period,
    vehicles: vehicles.vehicles,
    distanceKm: vehicles.distance,
    drivingSeconds: vehicles.driving,
    costs: {
      expenses: vehicles.expenses,
      services: vehicles.services,
      maintenance: vehicles.maintenance,
      fines: vehicles.fines,
      insurance: vehicles.insurance,
      total: vehicles.total,
    },
    costPerKm: vehicles.distance > 0 ? vehicles.costPerKm : null,
    fines: { count: fines.fines, amount: fines.amount, unpaidAmount: fines.unpaidAmount },
    accidents: { count: accidents.accidents, cost: accidents.cost },
    openRequests: { requests: Number(requests.total), leave: Number(leave.total) },
    maintenance: { due: maintenance.due, overdue: maintenance.overdue },
    checks: {
      vehicles: checks.vehicles,
      passing: checks.passing,
      passRate: checks.vehicles > 0 ? checks.passRate : null,
    },
  }
}
