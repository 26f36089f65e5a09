import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { driverParameter, fromSql, round2, vehicleParameters } from '#reports/telematics'
import { periodDays, tlSql, vehicleClause } from '#reports/fleet'
import { money } from '#reports/engine/money'

/** Accident repairs: service records "accident" of the vehicle within this many days of it. */
export const ACCIDENT_SERVICE_WINDOW_DAYS = 30

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  ...driverParameter(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * The accidents dated in the period with their vehicle and driver. Their cost is what the
 * vehicle's service records with the reason "accident" cost (in TL) when they entered the
 * service on the accident's day or within ACCIDENT_SERVICE_WINDOW_DAYS after it, before the
 * vehicle's next accident.
 */
function accidents({ client, context, params, period }: ReportScope<Params>) {
  const days = periodDays(period)
  const vehicles = vehicleClause('d', context.companyId, params)
  const bindings: unknown[] = [context.companyId, days.from, days.to, ...vehicles.bindings]
  let driverClause = ''
  if (params.driverId) {
    driverClause = 'AND a.driver_id = ?'
    bindings.push(params.driverId)
  }
  const sql = `SELECT a.id, to_char(a.accident_date, 'YYYY-MM-DD') AS date, d.name AS vehicle, d.plate AS plate,
      dr.name AS driver, a.file_number AS "fileNumber", a.service_name AS service,
      a.description AS description,
      round(coalesce((SELECT sum(${tlSql('s.amount_cents', 's.currency')}) FROM service_records s
        WHERE s.company_id = a.company_id AND s.device_id = a.device_id AND s.reason = 'accident'
          AND s.entry_date >= a.accident_date
          AND s.entry_date <= a.accident_date + ${ACCIDENT_SERVICE_WINDOW_DAYS}
          AND NOT EXISTS (SELECT 1 FROM accidents n WHERE n.device_id = a.device_id
            AND n.company_id = a.company_id
            AND (n.accident_date, n.id) > (a.accident_date, a.id)
            AND n.accident_date <= s.entry_date)), 0)::numeric, 2) AS cost
    FROM accidents a
    LEFT JOIN devices d ON d.id = a.device_id
    LEFT JOIN drivers dr ON dr.id = a.driver_id
    WHERE a.company_id = ? AND a.accident_date >= ? AND a.accident_date <= ? AND ${vehicles.sql}
      ${driverClause}`
  return fromSql(client, sql, bindings)
}

export const fleetAccidentReport = defineReport({
  slug: 'fleet-accident',
  group: 'fleet',
  key: 'fleet_accident',
  parameters,
  columns: {
    date: { kind: 'date', sortable: true },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    driver: { kind: 'text', sortable: true },
    fileNumber: { kind: 'text' },
    service: { kind: 'text' },
    description: { kind: 'text', sortable: false },
    cost: { ...money, sortable: true },
  },
  rows(scope) {
    return accidents(scope).orderBy('date', 'asc').orderBy('id', 'asc')
  },
  async totals(scope) {
    const rows: Record<string, unknown>[] = await accidents(scope)
    return {
      accidents: rows.length,
      cost: round2(rows.reduce((total, row) => total + Number(row.cost ?? 0), 0)),
    }
  },
  async chart(scope) {
    const rows: { vehicle: string | null; count: number }[] = await scope.client
      .from(accidents(scope).as('r'))
      .select('vehicle', scope.client.raw('count(*)::int as count'))
      .groupBy('vehicle')
      .orderBy('count', 'desc')
      .orderByRaw('vehicle ASC NULLS LAST')
      .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => row.vehicle ?? '—'),
      series: [{ name: 'accidents', data: rows.map((row) => Number(row.count)) }],
    }
  },
})
