import vine from '@vinejs/vine'
import type { DateTime } from 'luxon'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, vehicleFilterSql, vehicleParameters } from '#reports/telematics'
import { companyHoursOf, workingWindows } from '#services/settings/working_hours'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>
type Scope = ReportScope<Params>

/**
 * The period before the report's: as many whole months before it when the period is whole
 * months (this or last month, a custom 1 March – 31 May), else the same length just before it
 * (yesterday for today, last week for this week, the 10 days before a custom 10 days).
 */
export function previousPeriod(from: DateTime, to: DateTime): { from: DateTime; to: DateTime } {
  const wholeMonths =
    from.equals(from.startOf('month')) && to.equals(to.startOf('month'))
      ? Math.round(to.diff(from, 'months').months)
      : 0
  if (wholeMonths > 0) return { from: from.minus({ months: wholeMonths }), to: from }
  return { from: from.minus(to.diff(from)), to: from }
}

interface Windows {
  /** JSON of the working-time intervals: {s, e, cur} (cur 1: the period, 0: the previous). */
  json: string
  /** Seconds of working time in the period (up to now) and in the previous period. */
  current: number
  previous: number
}

const windowsOf = new WeakMap<object, Windows>()

/**
 * The company's working hours (docs/domain-rules.md, "Utilisation") as intervals: the period's
 * up to the run's instant (working time still to come is not time the vehicle could have
 * driven), and the previous period's.
 */
async function prepareWindows(scope: Scope) {
  const { hours, zone } = await companyHoursOf(scope.context.companyId, scope.client)
  const now = scope.context.now
  const end = scope.period.to > now ? now : scope.period.to
  const current = end > scope.period.from ? workingWindows(hours, scope.period.from, end, zone) : []
  const before = previousPeriod(scope.period.from, scope.period.to)
  const previous = workingWindows(hours, before.from, before.to, zone)
  const seconds = (list: typeof current) =>
    list.reduce((sum, window) => sum + window.end.diff(window.start, 'seconds').seconds, 0)
  const rows = [
    ...current.map((window) => ({ ...window, cur: 1 })),
    ...previous.map((window) => ({ ...window, cur: 0 })),
  ].map((window) => ({ s: window.start.toISO(), e: window.end.toISO(), cur: window.cur }))
  windowsOf.set(scope, {
    json: JSON.stringify(rows),
    current: seconds(current),
    previous: seconds(previous),
  })
}

/**
 * Per chosen vehicle, the seconds its trips overlapped the working time of the period and of
 * the previous period (a trip counts where it overlaps, whatever day it started).
 */
function drivenSql(scope: Scope) {
  const windows = windowsOf.get(scope)!
  const filter = vehicleFilterSql('d', scope.context.companyId, scope.params)
  const share = (driven: string, seconds: number) =>
    seconds > 0 ? `round((100.0 * ${driven} / ${seconds})::numeric, 1)` : 'NULL::numeric'
  const sql = `SELECT d.id AS "deviceId", d.name AS vehicle, d.plate,
        ${Math.round(windows.current)}::bigint AS "workingTime",
        round(coalesce(x.current, 0))::bigint AS driven,
        ${share('coalesce(x.current, 0)', windows.current)} AS utilisation,
        round(coalesce(x.previous, 0))::bigint AS "previousDriven",
        ${share('coalesce(x.previous, 0)', windows.previous)} AS "previousUtilisation"
      FROM devices d
      LEFT JOIN LATERAL (
        SELECT sum(o.seconds) FILTER (WHERE o.cur = 1) AS current,
               sum(o.seconds) FILTER (WHERE o.cur = 0) AS previous
          FROM (
            SELECT w.cur, extract(epoch FROM least(t.end_time, w.e) - greatest(t.start_time, w.s)) AS seconds
              FROM jsonb_to_recordset(?::jsonb) AS w(s timestamptz, e timestamptz, cur int)
              JOIN trips t ON t.device_id = d.id AND t.company_id = ?
               AND t.start_time < w.e AND t.end_time > w.s
               -- Bounded for the index: no trip lasts two days.
               AND t.start_time > w.s - interval '2 days'
          ) o
      ) x ON true
     WHERE ${filter.sql}`
  return { sql, bindings: [windows.json, scope.context.companyId, ...filter.bindings] }
}

/**
 * Utilisation: the share of the company's working hours each vehicle drove, beside the
 * previous period's share and the change in percentage points.
 */
export const utilisationReport = defineReport({
  slug: 'utilisation',
  group: 'trips_activity',
  key: 'utilisation',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    workingTime: { kind: 'number', unit: 'duration' },
    driven: { kind: 'number', unit: 'duration', sortable: true },
    utilisation: { kind: 'number', sortable: true },
    previousDriven: { kind: 'number', unit: 'duration', sortable: true },
    previousUtilisation: { kind: 'number', sortable: true },
    change: { kind: 'number', sortable: true },
  },
  prepare: prepareWindows,
  rows(scope) {
    const { sql, bindings } = drivenSql(scope)
    return fromSql(scope.client, sql, bindings)
      .select('r.*', scope.client.raw('(r.utilisation - r."previousUtilisation") as change'))
      .orderBy('r.vehicle', 'asc')
      .orderBy('r.deviceId', 'asc')
  },
  async totals(scope) {
    const windows = windowsOf.get(scope)!
    const { sql, bindings } = drivenSql(scope)
    const row = await fromSql(scope.client, sql, bindings)
      .select(
        scope.client.raw('count(*)::int as vehicles'),
        scope.client.raw('coalesce(sum(r.driven), 0)::bigint as driven'),
        scope.client.raw('coalesce(sum(r."previousDriven"), 0)::bigint as "previousDriven"')
      )
      .first()
    const vehicles = Number(row?.vehicles ?? 0)
    // The fleet's share: everything driven over every vehicle's working time.
    const share = (driven: number, seconds: number) =>
      vehicles > 0 && seconds > 0 ? Math.round((1000 * driven) / (vehicles * seconds)) / 10 : 0
    const utilisation = share(Number(row?.driven ?? 0), windows.current)
    const previousUtilisation = share(Number(row?.previousDriven ?? 0), windows.previous)
    return {
      vehicles,
      workingTime: Math.round(windows.current),
      driven: Number(row?.driven ?? 0),
      utilisation,
      previousUtilisation,
      change: Math.round((utilisation - previousUtilisation) * 10) / 10,
    }
  },
  async chart(scope) {
    const { sql, bindings } = drivenSql(scope)
    const rows: { vehicle: string; utilisation: string; previousUtilisation: string }[] =
      await fromSql(scope.client, sql, bindings)
        .select('r.vehicle', 'r.utilisation', 'r.previousUtilisation')
        .orderByRaw('r.utilisation desc nulls last')
        .orderBy('r.vehicle', 'asc')
        .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => row.vehicle),
      series: [
        { name: 'utilisation', data: rows.map((row) => Number(row.utilisation ?? 0)) },
        {
          name: 'previousUtilisation',
          data: rows.map((row) => Number(row.previousUtilisation ?? 0)),
        },
      ],
    }
  },
})
