import vine from '@vinejs/vine'
import {
  defineReport,
  periodParameters,
  type ReportDefinition,
  type ReportScope,
  type ReportTotals,
} from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { money, REPORT_CURRENCY } from '#reports/engine/money'
import { reportDriversClause, vehicleClause } from '#reports/fleet'
import { fleetVehiclesReport } from '#reports/definitions/fleet_vehicles'
import { fleetFinesReport } from '#reports/definitions/fleet_fines'
import { fleetAccidentReport } from '#reports/definitions/fleet_accident'
import { fleetVehicleCheckReport } from '#reports/definitions/fleet_vehicle_check'
import { maintenanceReportsReport } from '#reports/definitions/maintenance_reports'

const parameters = vine.create({ ...periodParameters() })

type Params = Awaited<ReturnType<typeof parameters.validate>> & {
  visibleGroupIds?: number[] | null
}

/** The kinds of cost of the fleet-vehicles report, the summary's rows in this order. */
export const fleetCostKinds = ['expenses', 'services', 'maintenance', 'fines', 'insurance'] as const

/** The figures of one run: the totals, and the costs by kind (the rows). */
interface Figures {
  totals: ReportTotals
  costs: Record<(typeof fleetCostKinds)[number], number>
}

/**
 * Another fleet report's totals over the same period, for the same member (the vehicle groups
 * they are limited to): its parameters checked by its own validator, its `prepare` run first.
 */
async function totalsOf<Sub extends PeriodInput & { visibleGroupIds?: number[] | null }>(
  report: ReportDefinition<Sub>,
  scope: ReportScope<Params>
): Promise<ReportTotals> {
  const { period, from, to, visibleGroupIds } = scope.params
  const params = await report.parameters.validate({ period, from, to })
  const sub: ReportScope<Sub> = { ...scope, params: { ...params, visibleGroupIds } }
  await report.prepare?.(sub)
  return report.totals ? report.totals(sub) : {}
}

/**
 * What is open now, whatever the period: fleet requests pending or approved (of the member's
 * vehicles when they are limited to vehicle groups) and leave requests pending (of their
 * drivers: those assigned to a vehicle of their groups).
 */
async function openNow({ client, context, params }: ReportScope<Params>) {
  const c = context.companyId
  const vehicles = vehicleClause('d', c, params)
  const requests = await client
    .from('fleet_requests as r')
    .leftJoin('devices as d', 'd.id', 'r.device_id')
    .where('r.company_id', c)
    .whereIn('r.status', ['pending', 'approved'])
    .whereRaw(vehicles.sql, vehicles.bindings as (string | number)[])
    .count('* as total')
    .first()
  const bindings: (string | number)[] = [c]
  const drivers = params.visibleGroupIds
    ? `AND l.driver_id IN (SELECT dr.id FROM drivers dr WHERE dr.company_id = ? ${reportDriversClause(params, c, bindings)})`
    : ''
  const leave = await client
    .from('leave_requests as l')
    .where('l.company_id', c)
    .where('l.status', 'pending')
    .whereRaw(`TRUE ${drivers}`, drivers ? bindings : [])
    .count('* as total')
    .first()
  return { requests: Number(requests?.total ?? 0), leave: Number(leave?.total ?? 0) }
}

/**
 * The figures of a run, computed once in `prepare` (the rows and the totals read them): the
 * totals of the fleet reports over the period and what is open now.
 */
async function figuresOf(scope: ReportScope<Params>): Promise<Figures> {
  // One after the other: the client may be a transaction (one connection).
  const vehicles = await totalsOf(fleetVehiclesReport, scope)
  const fines = await totalsOf(fleetFinesReport, scope)
  const accidents = await totalsOf(fleetAccidentReport, scope)
  const checks = await totalsOf(fleetVehicleCheckReport, scope)
  const maintenance = await totalsOf(maintenanceReportsReport, scope)
  const open = await openNow(scope)
  const figure = (totals: ReportTotals, name: string) => Number(totals[name] ?? 0)
  const distance = figure(vehicles, 'distance')
  const checked = figure(checks, 'vehicles')
  return {
    costs: Object.fromEntries(
      fleetCostKinds.map((kind) => [kind, figure(vehicles, kind)])
    ) as Figures['costs'],
    totals: {
      vehicles: figure(vehicles, 'vehicles'),
      distance,
      driving: figure(vehicles, 'driving'),
      amount: figure(vehicles, 'total'),
      costPerKm: distance > 0 ? figure(vehicles, 'costPerKm') : null,
      fines: figure(fines, 'fines'),
      finesAmount: figure(fines, 'amount'),
      unpaidFines: figure(fines, 'unpaidAmount'),
      accidents: figure(accidents, 'accidents'),
      accidentCost: figure(accidents, 'cost'),
      openRequests: open.requests,
      pendingLeave: open.leave,
      maintenanceDue: figure(maintenance, 'due'),
      maintenanceOverdue: figure(maintenance, 'overdue'),
      checkedVehicles: checked,
      passingVehicles: figure(checks, 'passing'),
      passRate: checked > 0 ? figure(checks, 'passRate') : null,
    },
  }
}

const prepared = new WeakMap<object, Figures>()

function preparedFigures(scope: ReportScope<Params>) {
  const figures = prepared.get(scope)
  if (!figures) throw new Error('The fleet summary reads the figures its prepare computed')
  return figures
}

/**
 * The fleet summary (issue 29): the whole fleet over a period, at the fleet page's route
 * `fleet.fleet-summary` (its EN and TR paths kept), the last 30 days unless a period is given.
 * Its totals are the fleet reports' (vehicles, distance, driving time, costs and cost per km,
 * fines, accidents, vehicle check pass rate) and what is open now (requests, leave,
 * maintenance due or overdue today); its rows are the costs by kind, their total the cost
 * total. A member limited to vehicle groups sees their groups' vehicles and drivers only.
 */
export const fleetSummaryReport = defineReport({
  slug: 'fleet-summary',
  route: 'fleet.fleet-summary',
  group: 'fleet',
  key: 'fleet_summary',
  defaultPeriod: { days: 30 },
  parameters,
  links: ['fleet.maintenance-integration'],
  columns: {
    kind: { kind: 'enum', enumValues: fleetCostKinds, sortable: true },
    amount: { ...money, sortable: true },
  },
  totalFields: {
    distance: { unit: 'km' },
    driving: { unit: 'duration' },
    costPerKm: { currency: REPORT_CURRENCY },
    finesAmount: { currency: REPORT_CURRENCY },
    unpaidFines: { currency: REPORT_CURRENCY },
    accidentCost: { currency: REPORT_CURRENCY },
  },
  async prepare(scope) {
    prepared.set(scope, await figuresOf(scope))
  },
  rows(scope) {
    const { costs } = preparedFigures(scope)
    const values = fleetCostKinds.map(() => '(?, ?::numeric, ?::int)').join(', ')
    const bindings = fleetCostKinds.flatMap((kind, index) => [kind, costs[kind], index])
    return scope.client
      .query()
      .from(
        scope.client.raw(`(VALUES ${values}) AS costs(kind, amount, position)`, bindings) as any
      )
      .select('kind', 'amount')
      .orderBy('position', 'asc')
  },
  async count() {
    return { total: fleetCostKinds.length }
  },
  async totals(scope) {
    return preparedFigures(scope).totals
  },
})
