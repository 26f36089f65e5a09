import vine from '@vinejs/vine'
import {
  defineReport,
  periodParameters,
  type ReportColumn,
  type ReportScope,
  type ReportSpec,
  type ReportSlug,
} from '#reports/engine/definition'
import { fromSql, vehicleParameters, type VehicleParams } from '#reports/telematics'
import { vehicleDaysSql, type VehicleDayParts } from '#reports/vehicle_days'
import { aggregateSnapshot, groupBy, maxOf, roundTo, sumOf } from '#reports/snapshot'

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
  | 'distanceSource'

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
  distanceSource: { kind: 'enum', enumValues: ['odometer', 'gps'] },
}

/** The vehicle-day columns and their types, as the aggregate is kept for a run. */
const SNAPSHOT_COLUMNS = {
  deviceId: 'int',
  vehicle: 'text',
  plate: 'text',
  day: 'text',
  startOdometer: 'numeric',
  endOdometer: 'numeric',
  distance: 'numeric',
  trips: 'int',
  tripDistance: 'numeric',
  driving: 'bigint',
  idle: 'bigint',
  parked: 'bigint',
  maxSpeed: 'float8',
  averageSpeed: 'numeric',
  alarms: 'int',
  fuel: 'numeric',
  distanceSource: 'text',
} as const

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

interface VehicleDayReport extends Pick<ReportSpec<Params>, 'group' | 'ability' | 'key'> {
  /** The report's page: `reports.<slug>` of the route table. */
  slug: ReportSlug
  /** Per local day, or one row per vehicle for the whole period. */
  perDay: boolean
  figures: Figure[]
  /** Keeps only rows where one of these figures is not zero (all rows when empty). */
  activeWhen: Figure[]
  /** The figures to compute (all of them when not given). */
  parts?: VehicleDayParts
  /** One figure per day, or per vehicle (the 50 largest). */
  chart: { type: 'bar' | 'line'; figure: Figure; by?: 'day' | 'vehicle'; scale?: number }
}

/**
 * The reports made of vehicle-day figures (see `vehicleDaysSql`): one row per vehicle and
 * day (or per vehicle), totals over the rows, and a chart of one figure per day.
 */
export function vehicleDayReport(spec: VehicleDayReport) {
  const snapshot = aggregateSnapshot<Params>({
    query(scope) {
      const { sql, bindings } = vehicleDaysSql(
        scope as ReportScope<VehicleParams>,
        !spec.perDay,
        spec.parts
      )
      const query = fromSql(scope.client, sql, bindings)
      if (spec.activeWhen.length > 0) {
        query.where((active) => {
          for (const figure of spec.activeWhen) active.orWhere(figure, '>', 0)
        })
      }
      return query
    },
    columns: SNAPSHOT_COLUMNS,
    order: spec.perDay ? ['day', 'vehicle', 'deviceId'] : ['vehicle', 'deviceId'],
  })
  return defineReport({
    slug: spec.slug,
    group: spec.group,
    ability: spec.ability,
    key: spec.key,
    parameters,
    columns: {
      vehicle: { kind: 'text', sortable: true },
      plate: { kind: 'text' },
      ...(spec.perDay ? { day: { kind: 'date', sortable: true } as ReportColumn } : {}),
      ...Object.fromEntries(spec.figures.map((figure) => [figure, figureColumns[figure]])),
    },
    prepare: (scope) => snapshot.prepare(scope),
    page: (scope, offset, limit) => snapshot.page(scope, offset, limit),
    rows: (scope) => snapshot.rows(scope),
    count: (scope) => snapshot.count(scope),
    async totals(scope) {
      const rows = await snapshot.all(scope)
      const totals: Record<string, number> = { rows: rows.length }
      // Four decimals: the odometer figures keep a decimetre, so days add up to the month.
      for (const figure of spec.figures) {
        const how = totalOf[figure]
        if (how)
          totals[figure] = roundTo(how === 'sum' ? sumOf(rows, figure) : maxOf(rows, figure), 4)
      }
      return totals
    },
    async chart(scope) {
      const rows = await snapshot.all(scope)
      const figure = spec.chart.figure
      const scale = spec.chart.scale ?? 1
      const how = totalOf[figure] ?? 'sum'
      let entries = [...groupBy(rows, spec.chart.by === 'vehicle' ? 'vehicle' : 'day', figure, how)]
      if (spec.chart.by === 'vehicle') {
        entries = entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 50)
      } else {
        entries = entries.sort((a, b) => a[0].localeCompare(b[0]))
      }
      return {
        type: spec.chart.type,
        labels: entries.map(([label]) => label),
        series: [{ name: figure, data: entries.map(([, value]) => roundTo(value / scale, 2)) }],
      }
    },
  })
}
