import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, round2, vehicleFilterSql, vehicleParameters } from '#reports/telematics'
import { periodDays, tlSql, vehicleClause } from '#reports/fleet'
import { dueWindow, ODOMETER_KM_SQL, scheduleStateSql } from '#queries/fleet/maintenance_due'
import { maintenanceTypes, serviceReasons } from '#shared/fleet_enums'
import { money } from '#reports/engine/money'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

export const maintenanceRowKinds = ['record', 'service', 'overdue', 'due'] as const

/**
 * One list: the maintenance records dated in the period (kind "record"), the service records
 * that entered the service in the period ("service"), both with their cost in TL, and the
 * maintenance schedule items that are overdue or due today, the user's day ("overdue",
 * "due", dated by their next date, with the km they are due at and the odometer now).
 */
function items({ client, context, params, period }: ReportScope<Params>) {
  const days = periodDays(period)
  const c = context.companyId
  const today = context.now.setZone(context.timezone).toISODate()!
  const state = scheduleStateSql(dueWindow, `'${today}'::date`)
  const vehicles = vehicleClause('d', c, params)
  // Schedule items always have a vehicle: the plain filter over it.
  const scheduled = vehicleFilterSql('d', c, params)
  const sql = `SELECT 'record' AS kind, 'r' || m.id AS id, to_char(m.record_date, 'YYYY-MM-DD') AS date,
        d.name AS vehicle, d.plate AS plate, m.maintenance_type AS type,
        coalesce(m.description, m.reason) AS description, m.distance_km AS km,
        round(${tlSql('m.cost_cents', 'm.currency')}::numeric, 2) AS cost,
        m.completed AS completed, m.reference AS reference, NULL::int AS odometer
      FROM maintenance_records m LEFT JOIN devices d ON d.id = m.device_id
      WHERE m.company_id = ? AND m.record_date >= ? AND m.record_date <= ? AND ${vehicles.sql}
    UNION ALL
    SELECT 'service', 's' || s.id, to_char(s.entry_date, 'YYYY-MM-DD'), d.name, d.plate, s.reason,
        coalesce(s.action_performed, s.description), s.km,
        round(${tlSql('s.amount_cents', 's.currency')}::numeric, 2),
        s.exit_date IS NOT NULL, s.invoice_number, NULL::int
      FROM service_records s LEFT JOIN devices d ON d.id = s.device_id
      WHERE s.company_id = ? AND s.entry_date >= ? AND s.entry_date <= ? AND ${vehicles.sql}
    UNION ALL
    SELECT ${state}, 'm' || maintenance_schedules.id,
        to_char(maintenance_schedules.next_date, 'YYYY-MM-DD'), d.name, d.plate,
        maintenance_schedules.maintenance_type, maintenance_schedules.notes,
        maintenance_schedules.next_distance_km, NULL, false, NULL, ${ODOMETER_KM_SQL}
      FROM maintenance_schedules JOIN devices d ON d.id = maintenance_schedules.device_id
      LEFT JOIN device_states s ON s.device_id = maintenance_schedules.device_id
      WHERE maintenance_schedules.company_id = ? AND ${state} <> 'ok' AND ${scheduled.sql}`
  const bindings: unknown[] = [
    c,
    days.from,
    days.to,
    ...vehicles.bindings,
    c,
    days.from,
    days.to,
    ...vehicles.bindings,
    c,
    ...scheduled.bindings,
  ]
  return fromSql(client, sql, bindings)
}

export const maintenanceReportsReport = defineReport({
  slug: 'maintenance-reports',
  group: 'fleet',
  key: 'maintenance_reports',
  parameters,
  columns: {
    kind: { kind: 'enum', enumValues: maintenanceRowKinds, sortable: true },
    date: { kind: 'date', sortable: true },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    type: { kind: 'enum', enumValues: [...maintenanceTypes, ...serviceReasons], sortable: true },
    description: { kind: 'text', sortable: false },
    km: { kind: 'number', sortable: true },
    /** Due and overdue items: the vehicle's odometer now (km), beside the km they are due at. */
    odometer: { kind: 'number', sortable: true },
    cost: { ...money, sortable: true },
    completed: { kind: 'boolean' },
    reference: { kind: 'text' },
  },
  rows(scope) {
    return items(scope)
      .orderByRaw('date ASC NULLS LAST')
      .orderByRaw('vehicle ASC NULLS LAST')
      .orderBy('kind', 'asc')
      .orderBy('id', 'asc')
  },
  async totals(scope) {
    const rows: Record<string, unknown>[] = await items(scope)
    const count = (kind: string) => rows.filter((row) => row.kind === kind).length
    return {
      records: count('record'),
      completed: rows.filter((row) => row.kind === 'record' && row.completed === true).length,
      services: count('service'),
      cost: round2(rows.reduce((total, row) => total + Number(row.cost ?? 0), 0)),
      due: count('due'),
      overdue: count('overdue'),
    }
  },
  async chart(scope) {
    const rows: Record<string, unknown>[] = await items(scope)
    const vehicles = [...new Set(rows.map((row) => String(row.vehicle ?? '—')))]
      .sort((a, b) => a.localeCompare(b))
      .slice(0, 50)
    const kinds = maintenanceRowKinds.filter((kind) => rows.some((row) => row.kind === kind))
    return {
      type: 'bar',
      labels: vehicles,
      series: kinds.map((kind) => ({
        name: kind,
        data: vehicles.map(
          (vehicle) =>
            rows.filter((row) => row.kind === kind && String(row.vehicle ?? '—') === vehicle).length
        ),
      })),
    }
  },
})
