import vine from '@vinejs/vine'
import {
  defineReport,
  periodParameters,
  type ReportColumn,
  type ReportScope,
} from '#reports/engine/definition'
import { fromSql, round2, vehicleParameters, type VehicleParams } from '#reports/telematics'
import { vehicleDaysSql } from '#reports/vehicle_days'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

export type Figure =
  | 'distance'
  | 'trips'
  | 'tripDistance'
  | 'driving'
  | 'idle'
  | 'parked'
  | 'maxSpeed'
  | 'averageSpeed'
  | 'alarms'
  | 'fuel'
  | 'startOdometer'
  | 'endOdometer'

const figureColumns: Record<Figure, ReportColumn> = {
  startOdometer: { kind: 'number', unit: 'km' },
  endOdometer: { kind: 'number', unit: 'km' },
  distance: { kind: 'number', unit: 'km', sortable: true },
  trips: { kind: 'number' },
  tripDistance: { kind: 'number', unit: 'km' },
  driving: { kind: 'number', unit: 'duration' },
  idle: { kind: 'number', unit: 'duration' },
  parked: { kind: 'number', unit: 'duration' },
  maxSpeed: { kind: 'number', unit: 'km/h' },
  averageSpeed: { kind: 'number', unit: 'km/h' },
  alarms: { kind: 'number' },
  fuel: { kind: 'number' },
}

/** How a total is made from the rows: summed, or the largest. */
const totalOf: Partial<Record<Figure, 'sum' | 'max'>> = {
  distance: 'sum',
  trips: 'sum',
  tripDistance: 'sum',
  driving: 'sum',
  idle: 'sum',
  parked: 'sum',
  maxSpeed: 'max',
  alarms: 'sum',
  fuel: 'sum',
}

interface VehicleDayReport {
  key: string
  /** Per local day, or one row per vehicle for the whole period. */
  perDay: boolean
  figures: Figure[]
  /** Keeps only rows where one of these figures is not zero (all rows when empty). */
  activeWhen: Figure[]
  /** One figure per day, or per vehicle (the 50 largest). */
  chart: { type: 'bar' | 'line'; figure: Figure; by?: 'day' | 'vehicle'; scale?: number }
}

/**
 * The reports made of vehicle-day figures (see `vehicleDaysSql`): one row per vehicle and
 * day (or per vehicle), totals over the rows, and a chart of one figure per day.
 */
export function vehicleDayReport(spec: VehicleDayReport) {
  const rowsOf = (scope: ReportScope<Params>) => {
    const { sql, bindings } = vehicleDaysSql(scope as ReportScope<VehicleParams>, !spec.perDay)
    const query = fromSql(scope.client, sql, bindings)
    if (spec.activeWhen.length > 0) {
      query.where((active) => {
        for (const figure of spec.activeWhen) active.orWhere(figure, '>', 0)
      })
    }
    return query
  }
  return defineReport({
    key: spec.key,
    parameters,
    columns: {
      vehicle: { kind: 'text', sortable: true },
      plate: { kind: 'text' },
      ...(spec.perDay ? { day: { kind: 'date', sortable: true } as ReportColumn } : {}),
      ...Object.fromEntries(spec.figures.map((figure) => [figure, figureColumns[figure]])),
    },
    rows(scope) {
      const query = rowsOf(scope).select('*')
      if (spec.perDay) query.orderBy('day', 'asc')
      return query.orderBy('vehicle', 'asc').orderBy('deviceId', 'asc')
    },
    async totals(scope) {
      const totaled = spec.figures.filter((figure) => totalOf[figure])
      const row = await rowsOf(scope)
        .select(
          scope.client.raw('count(*)::int as rows'),
          ...totaled.map((figure) =>
            scope.client.raw(`coalesce(${totalOf[figure]}(??), 0) as ??`, [figure, figure])
          )
        )
        .first()
      const totals: Record<string, number> = { rows: Number(row?.rows ?? 0) }
      // Four decimals: the odometer figures keep a decimetre, so days add up to the month.
      for (const figure of totaled) {
        totals[figure] = Math.round(Number(row?.[figure] ?? 0) * 10_000) / 10_000
      }
      return totals
    },
    async chart(scope) {
      const figure = spec.chart.figure
      const scale = spec.chart.scale ?? 1
      const value = scope.client.raw(`${totalOf[figure] ?? 'sum'}(??) as value`, [figure])
      const rows: { label: string; value: string }[] =
        spec.chart.by === 'vehicle'
          ? await rowsOf(scope)
              .select('vehicle as label', value)
              .groupBy('vehicle', 'deviceId')
              .orderBy('value', 'desc')
              .orderBy('vehicle')
              .limit(50)
          : await rowsOf(scope).select('day as label', value).groupBy('day').orderBy('day')
      return {
        type: spec.chart.type,
        labels: rows.map((row) => row.label),
        series: [{ name: figure, data: rows.map((row) => round2(Number(row.value) / scale)) }],
      }
    },
  })
}

