import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, round2, vehicleFilterSql, vehicleParameters } from '#reports/telematics'
import { periodDays, tlSql } from '#reports/fleet'
import { dueWindow, scheduleStateSql } from '#queries/fleet/maintenance_due'
import { money } from '#reports/engine/money'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/** The kinds of cost of a vehicle, each from its records dated in the period. */
export const vehicleCostKinds = [
  'expenses',
  'services',
  'maintenance',
  'fines',
  'insurance',
] as const

/**
 * Per vehicle: the distance and driving time of its trips that started in the period, its
 * costs in TL by kind (expenses, service records by entry date, maintenance records, traffic
 * fines, insurance policies by start date), their total, the cost per km, and how many of
 * its maintenance schedule items are due or overdue today (the user's day).
 */
function perVehicle({ client, context, params, period }: ReportScope<Params>) {
  const days = periodDays(period)
  const c = context.companyId
  const today = context.now.setZone(context.timezone).toISODate()!
  const state = scheduleStateSql(dueWindow, `'${today}'::date`)
  const filter = vehicleFilterSql('d', c, params)
  const cost = (table: string, cents: string, dateColumn: string, kind: string) =>
    `SELECT device_id, '${kind}' AS kind, ${tlSql(cents, 'currency')} AS tl FROM ${table}
      WHERE company_id = ? AND ${dateColumn} >= ? AND ${dateColumn} <= ?
        AND device_id IS NOT NULL`
  const costs = [
    cost('expenses', 'amount_cents', 'expense_date', 'expenses'),
    cost('service_records', 'amount_cents', 'entry_date', 'services'),
    cost('maintenance_records', 'cost_cents', 'record_date', 'maintenance'),
    cost('traffic_fines', 'amount_cents', 'fine_date', 'fines'),
    cost('insurances', 'policy_amount_cents', 'start_date', 'insurance'),
  ].join(' UNION ALL ')
  const sum = (kind: string) => `coalesce(sum(tl) FILTER (WHERE kind = '${kind}'), 0)`
  const sql = `SELECT d.id AS "deviceId", d.name AS vehicle, d.plate AS plate,
      round((coalesce(t.metres, 0) / 1000.0)::numeric, 2) AS distance,
      coalesce(t.seconds, 0)::bigint AS driving,
      round(coalesce(k.expenses, 0)::numeric, 2) AS expenses,
      round(coalesce(k.services, 0)::numeric, 2) AS services,
      round(coalesce(k.maintenance, 0)::numeric, 2) AS maintenance,
      round(coalesce(k.fines, 0)::numeric, 2) AS fines,
      round(coalesce(k.insurance, 0)::numeric, 2) AS insurance,
      round(coalesce(k.total, 0)::numeric, 2) AS total,
      CASE WHEN coalesce(t.metres, 0) > 0
        THEN round((coalesce(k.total, 0) / (t.metres / 1000.0))::numeric, 2) END AS "costPerKm",
      coalesce(m.open, 0)::int AS "openMaintenance"
    FROM devices d
    LEFT JOIN (SELECT device_id, sum(distance) AS metres, sum(duration) AS seconds FROM trips
      WHERE company_id = ? AND start_time >= ? AND start_time < ?
      GROUP BY device_id) t ON t.device_id = d.id
    LEFT JOIN (SELECT device_id, ${sum('expenses')} AS expenses, ${sum('services')} AS services,
        ${sum('maintenance')} AS maintenance, ${sum('fines')} AS fines,
        ${sum('insurance')} AS insurance, sum(tl) AS total
      FROM (${costs}) x GROUP BY device_id) k ON k.device_id = d.id
    LEFT JOIN (SELECT maintenance_schedules.device_id, count(*) AS open
      FROM maintenance_schedules
      LEFT JOIN device_states s ON s.device_id = maintenance_schedules.device_id
      WHERE maintenance_schedules.company_id = ? AND ${state} <> 'ok'
      GROUP BY maintenance_schedules.device_id) m ON m.device_id = d.id
    WHERE ${filter.sql}`
  const bindings: unknown[] = [c, period.from.toJSDate(), period.to.toJSDate()]
  for (let kind = 0; kind < 5; kind++) bindings.push(c, days.from, days.to)
  bindings.push(c, ...filter.bindings)
  return fromSql(client, sql, bindings)
}

export const fleetVehiclesReport = defineReport({
  slug: 'fleet-vehicles',
  group: 'fleet',
  key: 'fleet_vehicles',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text', sortable: true },
    distance: { kind: 'number', unit: 'km', sortable: true },
    driving: { kind: 'number', unit: 'duration', sortable: true },
    expenses: { ...money, sortable: true },
    services: { ...money, sortable: true },
    maintenance: { ...money, sortable: true },
    fines: { ...money, sortable: true },
    insurance: { ...money, sortable: true },
    total: { ...money, sortable: true },
    costPerKm: { ...money, sortable: true },
    openMaintenance: { kind: 'number', sortable: true },
  },
  rows(scope) {
    return perVehicle(scope).orderBy('vehicle', 'asc').orderBy('deviceId', 'asc')
  },
  async totals(scope) {
    const rows: Record<string, unknown>[] = await perVehicle(scope)
    const sum = (name: string) => rows.reduce((total, row) => total + Number(row[name] ?? 0), 0)
    const distance = round2(sum('distance'))
    const total = round2(sum('total'))
    return {
      vehicles: rows.length,
      distance,
      driving: sum('driving'),
      expenses: round2(sum('expenses')),
      services: round2(sum('services')),
      maintenance: round2(sum('maintenance')),
      fines: round2(sum('fines')),
      insurance: round2(sum('insurance')),
      total,
      costPerKm: distance > 0 ? round2(total / distance) : 0,
      openMaintenance: sum('openMaintenance'),
    }
  },
  async chart(scope) {
    const rows: Record<string, unknown>[] = await perVehicle(scope)
      .where('total', '>', 0)
      .orderBy('total', 'desc')
      .orderBy('vehicle', 'asc')
      .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => String(row.vehicle)),
      series: vehicleCostKinds.map((kind) => ({
        name: kind,
        data: rows.map((row) => Number(row[kind])),
      })),
    }
  },
})
