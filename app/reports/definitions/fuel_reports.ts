import vine from '@vinejs/vine'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import {
  defineReport,
  periodParameters,
  type ChartData,
  type ReportScope,
} from '#reports/engine/definition'
import {
  DEFAULT_MIN_CHANGE_LITRES,
  DEFAULT_TOLERANCE_PERCENT,
  fuelEventsSql,
  fuelSummaryCtes,
  litres,
  mismatchSql,
  mismatchValues,
  per100,
  type FuelParams,
} from '#reports/fuel/fuel_sql'
import { visibleDeviceSql } from '#services/billing/expiry_rule'
import { aggregateSnapshot } from '#reports/snapshot'
import { fromSql } from '#reports/telematics'
import { money } from '#reports/engine/money'

/** The parameters of every fuel report: period, one vehicle, the tolerance and event size. */
const fuelParameters = () => ({
  ...periodParameters(),
  deviceId: vine.number().positive().withoutDecimals().optional(),
  /** Sources disagreeing by more than this share (%) of the larger are flagged. */
  tolerance: vine.number().min(1).max(100).optional(),
  /** Smallest refuel or drop (litres) that counts as one. */
  minChange: vine.number().min(1).max(1000).optional(),
})

const parameters = vine.create(fuelParameters())

/** The tolerance and event size the fuel reports use when none is given, shown in their fields. */
const fuelInputs = {
  tolerance: { default: DEFAULT_TOLERANCE_PERCENT },
  minChange: { default: DEFAULT_MIN_CHANGE_LITRES },
}
type Params = FuelParams

/** A query over the CTEs of the fuel summary (per vehicle or per vehicle and day). */
function summaryQuery(scope: ReportScope<Params>, by: 'vehicle' | 'day') {
  const query = scope.client.query()
  for (const cte of fuelSummaryCtes(scope, by)) {
    const body = scope.client.raw(cte.fragment.sql, cte.fragment.bindings)
    if (cte.inlined) query.withNotMaterialized(cte.name, body)
    else query.with(cte.name, body)
  }
  return query
}

const sourceColumns = {
  distance: { kind: 'number', unit: 'km' },
  drivingTime: { kind: 'number', unit: 'duration' },
  idleTime: { kind: 'number', unit: 'duration' },
  estimatedLitres: { kind: 'number' },
  estimatedPer100: { kind: 'number' },
  trackerLitres: { kind: 'number' },
  trackerPer100: { kind: 'number' },
  refuels: { kind: 'number' },
  refuelledLitres: { kind: 'number' },
  drops: { kind: 'number' },
  droppedLitres: { kind: 'number' },
  loggedLitres: { kind: 'number' },
  flaggedFillUps: { kind: 'number' },
  fuelSensor: { kind: 'enum', enumValues: ['counter_only'] },
  cost: { ...money },
  costPer100: { ...money },
  mismatch: { kind: 'enum', enumValues: mismatchValues },
} as const

function sourceSelects(scope: ReportScope<Params>) {
  const raw = (sql: string) => scope.client.raw(sql)
  return [
    raw('round((r.distance / 1000)::numeric, 2) as distance'),
    raw('r.driving::int as "drivingTime"'),
    raw('r.idle::int as "idleTime"'),
    raw(`${litres('r.estimate')} as "estimatedLitres"`),
    raw(`${per100('r.estimate', 'r.distance')} as "estimatedPer100"`),
    raw(`${litres('r.tracker')} as "trackerLitres"`),
    raw(`${per100('r.tracker', 'r.distance')} as "trackerPer100"`),
    raw('r.refuels::int as refuels'),
    raw(`${litres('r.refuelled')} as "refuelledLitres"`),
    raw('r.drops::int as drops'),
    raw(`${litres('r.dropped')} as "droppedLitres"`),
    raw(`${litres('r.logged')} as "loggedLitres"`),
    raw('r.flagged_fill_ups::int as "flaggedFillUps"'),
    raw(`CASE WHEN r.counter_only THEN 'counter_only' END as "fuelSensor"`),
    raw('round(r.cost::numeric, 2) as cost'),
    raw(
      'CASE WHEN r.distance > 0 AND r.cost IS NOT NULL THEN round((r.cost / (r.distance / 100000.0))::numeric, 2) END as "costPer100"'
    ),
    raw(
      `${mismatchSql.replaceAll('tracker_mismatch', 'r.tracker_mismatch').replaceAll('log_mismatch', 'r.log_mismatch')} as mismatch`
    ),
  ]
}

interface SummaryRow {
  label: string
  distance: number
  estimate: number | null
  tracker: number | null
  refuels: number
  refuelled: number
  drops: number
  dropped: number
  logged: number
  flaggedFillUps: number
  cost: number | null
  flagged: boolean
}

/**
 * The summary (per vehicle, or per vehicle and day) computed once per run: the page, its
 * count, the totals and the chart all read it, so the rollups are read once, not four times.
 * The unrounded figures ride along for the totals.
 */
function summarySnapshot(by: 'vehicle' | 'day') {
  return aggregateSnapshot<Params>({
    query(scope) {
      const built = summaryQuery(scope, by)
        .from('fuel_rows as r')
        .join('devices as d', 'd.id', 'r.device_id')
        .select(
          'd.id as deviceId',
          scope.client.raw(
            by === 'day' ? `to_char(r.day, 'YYYY-MM-DD') as day` : `''::text as day`
          ),
          'd.name as vehicle',
          'd.plate as plate',
          ...sourceSelects(scope),
          scope.client.raw('r.distance::float8 as "rawDistance"'),
          scope.client.raw('r.estimate::float8 as "rawEstimate"'),
          scope.client.raw('r.tracker::float8 as "rawTracker"'),
          scope.client.raw('r.refuelled::float8 as "rawRefuelled"'),
          scope.client.raw('r.dropped::float8 as "rawDropped"'),
          scope.client.raw('r.logged::float8 as "rawLogged"'),
          scope.client.raw('r.cost::float8 as "rawCost"')
        )
        .toSQL()
      return fromSql(scope.client, built.sql, [...built.bindings])
    },
    columns: {
      deviceId: 'int',
      day: 'text',
      vehicle: 'text',
      plate: 'text',
      distance: 'numeric',
      drivingTime: 'int',
      idleTime: 'int',
      estimatedLitres: 'numeric',
      estimatedPer100: 'numeric',
      trackerLitres: 'numeric',
      trackerPer100: 'numeric',
      refuels: 'int',
      refuelledLitres: 'numeric',
      drops: 'int',
      droppedLitres: 'numeric',
      loggedLitres: 'numeric',
      flaggedFillUps: 'int',
      fuelSensor: 'text',
      cost: 'numeric',
      costPer100: 'numeric',
      mismatch: 'text',
      rawDistance: 'float8',
      rawEstimate: 'float8',
      rawTracker: 'float8',
      rawRefuelled: 'float8',
      rawDropped: 'float8',
      rawLogged: 'float8',
      rawCost: 'float8',
    },
    order: by === 'day' ? ['day', 'vehicle', 'deviceId'] : ['vehicle', 'deviceId'],
  })
}

const summaries = { vehicle: summarySnapshot('vehicle'), day: summarySnapshot('day') }

async function summaryRows(scope: ReportScope<Params>, by: 'vehicle' | 'day') {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  const rows = await summaries[by].all(scope)
  return rows.map((row): SummaryRow => ({
    label: String(by === 'day' ? row.day : row.vehicle),
    distance: Number(row.rawDistance ?? 0),
    estimate: number(row.rawEstimate),
    tracker: number(row.rawTracker),
    refuels: Number(row.refuels ?? 0),
    refuelled: Number(row.rawRefuelled ?? 0),
    drops: Number(row.drops ?? 0),
    dropped: Number(row.rawDropped ?? 0),
    logged: Number(row.rawLogged ?? 0),
    flaggedFillUps: Number(row.flaggedFillUps ?? 0),
    cost: number(row.rawCost),
    flagged: row.mismatch !== null && row.mismatch !== undefined,
  }))
}

const roundTo = (value: number, digits: number) =>
  Math.round((value + Number.EPSILON) * 10 ** digits) / 10 ** digits
const sum = (rows: SummaryRow[], pick: (row: SummaryRow) => number | null) =>
  rows.reduce((total, row) => total + (pick(row) ?? 0), 0)

async function sourceTotals(scope: ReportScope<Params>, by: 'vehicle' | 'day') {
  const rows = await summaryRows(scope, by)
  return {
    distance: roundTo(sum(rows, (row) => row.distance) / 1000, 2),
    estimatedLitres: roundTo(
      sum(rows, (row) => row.estimate),
      1
    ),
    trackerLitres: roundTo(
      sum(rows, (row) => row.tracker),
      1
    ),
    refuels: sum(rows, (row) => row.refuels),
    refuelledLitres: roundTo(
      sum(rows, (row) => row.refuelled),
      1
    ),
    drops: sum(rows, (row) => row.drops),
    droppedLitres: roundTo(
      sum(rows, (row) => row.dropped),
      1
    ),
    loggedLitres: roundTo(
      sum(rows, (row) => row.logged),
      1
    ),
    flaggedFillUps: sum(rows, (row) => row.flaggedFillUps),
    cost: roundTo(
      sum(rows, (row) => row.cost),
      2
    ),
    flagged: rows.filter((row) => row.flagged).length,
  }
}

/** Litres by source per vehicle (the first 50) or per day (summed over the vehicles). */
async function sourceChart(scope: ReportScope<Params>, by: 'vehicle' | 'day'): Promise<ChartData> {
  const rows = await summaryRows(scope, by)
  const groups = new Map<string, SummaryRow[]>()
  for (const row of rows) groups.set(row.label, [...(groups.get(row.label) ?? []), row])
  const labels = [...groups.keys()].slice(0, by === 'vehicle' ? 50 : undefined)
  const series = (name: string, pick: (row: SummaryRow) => number | null) => ({
    name,
    data: labels.map((label) => roundTo(sum(groups.get(label)!, pick), 1)),
  })
  return {
    type: by === 'day' ? 'line' : 'bar',
    labels,
    series: [
      series('estimate', (row) => row.estimate),
      series('tracker', (row) => row.tracker),
      series('logged', (row) => row.logged),
    ],
  }
}

/**
 * fuel-consumptions: per vehicle over the period, the estimate, the tracker's figures (with
 * its refuels and drops) and the fuel log side by side, l/100 km and cost, flagged where the
 * sources disagree.
 */
export const fuelConsumptionsReport = defineReport({
  slug: 'fuel-consumptions',
  group: 'fuel',
  key: 'fuel_consumptions',
  inputs: fuelInputs,
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    ...sourceColumns,
  },
  prepare: (scope) => summaries.vehicle.prepare(scope),
  page: (scope, offset, limit) => summaries.vehicle.page(scope, offset, limit),
  rows: (scope) => summaries.vehicle.rows(scope),
  totals: (scope) => sourceTotals(scope, 'vehicle'),
  chart: (scope) => sourceChart(scope, 'vehicle'),
})

/** fuel-consumptions-daily: the same figures per vehicle and local day. */
export const fuelConsumptionsDailyReport = defineReport({
  slug: 'fuel-consumptions-daily',
  group: 'fuel',
  key: 'fuel_consumptions_daily',
  inputs: fuelInputs,
  parameters,
  columns: {
    day: { kind: 'date', sortable: true },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    ...sourceColumns,
  },
  prepare: (scope) => summaries.day.prepare(scope),
  page: (scope, offset, limit) => summaries.day.page(scope, offset, limit),
  rows: (scope) => summaries.day.rows(scope),
  totals: (scope) => sourceTotals(scope, 'day'),
  chart: (scope) => sourceChart(scope, 'day'),
})

const tripParameters = vine.create({
  ...fuelParameters(),
  driverId: vine.number().positive().withoutDecimals().optional(),
})
type TripParams = FuelParams & { driverId?: number }

function fuelTrips({ client, context, params, period }: ReportScope<TripParams>) {
  const query = client
    .from('trips as t')
    .join('devices as d', 'd.id', 't.device_id')
    .where('t.company_id', context.companyId)
    .where('t.start_time', '>=', period.from.toJSDate())
    .where('t.start_time', '<', period.to.toJSDate())
    .whereRaw(visibleDeviceSql('t.device_id'))
  if (params.deviceId) query.where('t.device_id', params.deviceId)
  if (params.driverId) query.where('t.driver_id', params.driverId)
  return query
}

/** The tracker's litres of one trip: the CAN counter's rise, else the level's fall. */
const TRIP_TRACKER_SQL = `(SELECT coalesce(
      max((p.attributes->>'fuelUsed')::float8) - min((p.attributes->>'fuelUsed')::float8),
      greatest(0, (array_agg((p.attributes->>'fuel')::float8 ORDER BY p.fix_time)
          FILTER (WHERE p.attributes->>'fuel' IS NOT NULL))[1]
        - (array_agg((p.attributes->>'fuel')::float8 ORDER BY p.fix_time DESC)
          FILTER (WHERE p.attributes->>'fuel' IS NOT NULL))[1]))
    FROM positions p
    WHERE p.device_id = t.device_id AND p.fix_time >= t.start_time AND p.fix_time <= t.end_time)`
/**
 * The same from the trip's first and last positions (two index probes) when both carry the
 * counter, or both the level and neither the counter; the whole trip is read otherwise.
 */
const TRIP_ENDS_JOIN = `LEFT JOIN LATERAL (
    SELECT (SELECT p.attributes FROM positions p
        WHERE p.device_id = t.device_id AND p.fix_time >= t.start_time AND p.fix_time <= t.end_time
        ORDER BY p.fix_time ASC LIMIT 1) AS first,
      (SELECT p.attributes FROM positions p
        WHERE p.device_id = t.device_id AND p.fix_time >= t.start_time AND p.fix_time <= t.end_time
        ORDER BY p.fix_time DESC LIMIT 1) AS last
  ) trip_ends ON true
  LEFT JOIN LATERAL (
    SELECT CASE
      WHEN trip_ends.first->>'fuelUsed' IS NOT NULL AND trip_ends.last->>'fuelUsed' IS NOT NULL
        THEN greatest(0, (trip_ends.last->>'fuelUsed')::float8 - (trip_ends.first->>'fuelUsed')::float8)
      WHEN trip_ends.first->>'fuel' IS NOT NULL AND trip_ends.last->>'fuel' IS NOT NULL
          AND trip_ends.first->>'fuelUsed' IS NULL AND trip_ends.last->>'fuelUsed' IS NULL
        THEN greatest(0, (trip_ends.first->>'fuel')::float8 - (trip_ends.last->>'fuel')::float8)
      ELSE ${TRIP_TRACKER_SQL}
    END AS litres
  ) tracker ON true`
const TRIP_ESTIMATE_SQL = `(t.distance / 1000 * d.average_consumption / 100
    + t.idle_duration / 3600.0 * coalesce(d.idle_consumption, 0))`
/** The unit price of the vehicle's last fill-up on or before the trip's day (fuel log). */
const TRIP_UNIT_PRICE_SQL = `(SELECT f.unit_price_cents / 100.0 FROM fuel_entries f
    WHERE f.device_id = t.device_id AND f.company_id = t.company_id
      AND f.unit_price_cents IS NOT NULL AND f.entry_date <= (t.start_time AT TIME ZONE ?)::date
    ORDER BY f.entry_date DESC, f.id DESC LIMIT 1)`

/**
 * trips-fuel-consumption-report: each trip with its estimate and the tracker's litres, l/100 km,
 * and its cost at the vehicle's last fuel price of the fuel log; flagged when the two differ by
 * more than the tolerance.
 */
export const tripsFuelConsumptionReport = defineReport({
  slug: 'trips-fuel-consumption-report',
  group: 'fuel',
  key: 'trips_fuel_consumption',
  inputs: fuelInputs,
  parameters: tripParameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    driver: { kind: 'text' },
    startTime: { kind: 'datetime', sortable: true },
    endTime: { kind: 'datetime' },
    distance: { kind: 'number', unit: 'km' },
    duration: { kind: 'number', unit: 'duration' },
    idleTime: { kind: 'number', unit: 'duration' },
    estimatedLitres: { kind: 'number' },
    trackerLitres: { kind: 'number' },
    litresPer100: { kind: 'number' },
    cost: { ...money },
    mismatch: { kind: 'boolean' },
  },
  rows(scope) {
    const tolerance = (scope.params.tolerance ?? DEFAULT_TOLERANCE_PERCENT) / 100
    const zone = scope.context.timezone
    // The tracker's litres are read once per trip (a lateral join), not once per column.
    const litresSql = `coalesce(tracker.litres, ${TRIP_ESTIMATE_SQL})`
    return fuelTrips(scope)
      .leftJoin('drivers as dr', 'dr.id', 't.driver_id')
      .joinRaw(TRIP_ENDS_JOIN)
      .select(
        'd.name as vehicle',
        'd.plate as plate',
        'dr.name as driver',
        't.start_time as startTime',
        't.end_time as endTime',
        scope.client.raw('round((t.distance / 1000)::numeric, 2) as distance'),
        't.duration as duration',
        't.idle_duration as idleTime',
        scope.client.raw(`${litres(TRIP_ESTIMATE_SQL)} as "estimatedLitres"`),
        scope.client.raw(`${litres('tracker.litres')} as "trackerLitres"`),
        scope.client.raw(`${per100(litresSql, 't.distance')} as "litresPer100"`),
        scope.client.raw(`round((${litresSql} * ${TRIP_UNIT_PRICE_SQL})::numeric, 2) as cost`, [
          zone,
        ]),
        scope.client.raw(
          `(SELECT CASE WHEN x.tracker > 0 AND x.estimate > 0
              AND abs(x.tracker - x.estimate) > ? * greatest(x.tracker, x.estimate)
              THEN true ELSE false END
            FROM (SELECT tracker.litres AS tracker, ${TRIP_ESTIMATE_SQL} AS estimate) x) as mismatch`,
          [tolerance]
        )
      )
      .orderBy('t.start_time', 'asc')
      .orderBy('t.id', 'asc')
  },
  // The rows' lateral join reads positions; counting trips needs none of it.
  async count(scope) {
    const row = await fuelTrips(scope).count('* as total').first()
    return { total: Number(row?.total ?? 0) }
  },
  async totals(scope) {
    const row = await fuelTrips(scope)
      .select(
        scope.client.raw('count(*)::int as trips'),
        scope.client.raw('coalesce(round((sum(t.distance) / 1000)::numeric, 2), 0) as distance'),
        scope.client.raw(`coalesce(${litres(`sum(${TRIP_ESTIMATE_SQL})`)}, 0) as "estimatedLitres"`)
      )
      .first()
    return {
      trips: Number(row?.trips ?? 0),
      distance: Number(row?.distance ?? 0),
      estimatedLitres: Number(row?.estimatedLitres ?? 0),
    }
  },
})

const logTotals = (scope: ReportScope<Params>) => {
  const { client, context, params, period } = scope
  const query = client
    .from('fuel_entries as f')
    .where('f.company_id', context.companyId)
    .where('f.entry_date', '>=', period.from.toISODate()!)
    .where('f.entry_date', '<', period.to.toISODate()!)
    .whereRaw(visibleDeviceSql('f.device_id'))
  if (params.deviceId) query.where('f.device_id', params.deviceId)
  return query
}

function vehicleFuelLogQuery(scope: ReportScope<Params>) {
  const { client, context, period } = scope
  const from = period.from.toISODate()!
  const to = period.to.toISODate()!
  const query = summaryQuery(scope, 'vehicle')
    .with(
      'log_detail',
      client.raw(
        `SELECT f.device_id, max(f.total_km) - min(f.total_km) AS log_km,
            CASE WHEN sum(f.litres) FILTER (WHERE f.unit_price_cents IS NOT NULL) > 0 THEN
              sum(f.unit_price_cents * f.litres) FILTER (WHERE f.unit_price_cents IS NOT NULL)
              / sum(f.litres) FILTER (WHERE f.unit_price_cents IS NOT NULL) / 100 END AS unit_price,
            count(*) FILTER (WHERE d.tank_capacity IS NOT NULL AND f.litres > d.tank_capacity) AS over_tank
          FROM fuel_entries f JOIN devices d ON d.id = f.device_id
          WHERE f.company_id = ? AND f.entry_date >= ?::date AND f.entry_date < ?::date
          GROUP BY f.device_id`,
        [context.companyId, from, to]
      )
    )
    .from('fuel_rows as r')
    .join('devices as d', 'd.id', 'r.device_id')
    .leftJoin('log_detail as l', 'l.device_id', 'r.device_id')
    .select(
      'd.id as deviceId',
      'd.name as vehicle',
      'd.plate as plate',
      client.raw('d.tank_capacity::float8 as "tankCapacity"'),
      client.raw('r.entries::int as entries'),
      client.raw(`${litres('r.logged')} as "loggedLitres"`),
      client.raw('round(r.cost::numeric, 2) as cost'),
      client.raw('round(l.unit_price::numeric, 2) as "averageUnitPrice"'),
      client.raw('round(l.log_km::numeric, 1) as "logKm"'),
      client.raw('round((r.distance / 1000)::numeric, 2) as distance'),
      client.raw(`${per100('r.logged', 'r.distance')} as "litresPer100"`),
      client.raw(
        'CASE WHEN r.distance > 0 AND r.cost IS NOT NULL THEN round((r.cost / (r.distance / 100000.0))::numeric, 2) END as "costPer100"'
      ),
      client.raw(`${litres('r.refuelled')} as "refuelledLitres"`),
      client.raw(
        `CASE WHEN r.has_level THEN ${litres('r.logged - r.refuelled')} END as difference`
      ),
      client.raw('coalesce(l.over_tank, 0)::int as "overTank"'),
      client.raw(
        `${mismatchSql.replaceAll('tracker_mismatch', 'r.tracker_mismatch').replaceAll('log_mismatch', 'r.log_mismatch')} as mismatch`
      )
    )
  const built = query.toSQL()
  return fromSql(client, built.sql, [...built.bindings])
}

/** vehicle-fuel-consumption-report's rows computed once per run (page and count read them). */
const vehicleFuelLog = aggregateSnapshot<Params>({
  query: vehicleFuelLogQuery,
  columns: {
    deviceId: 'int',
    vehicle: 'text',
    plate: 'text',
    tankCapacity: 'float8',
    entries: 'int',
    loggedLitres: 'numeric',
    cost: 'numeric',
    averageUnitPrice: 'numeric',
    logKm: 'numeric',
    distance: 'numeric',
    litresPer100: 'numeric',
    costPer100: 'numeric',
    refuelledLitres: 'numeric',
    difference: 'numeric',
    overTank: 'int',
    mismatch: 'text',
  },
  order: ['vehicle', 'deviceId'],
})

/**
 * vehicle-fuel-consumption-report: the fuel log reconciled per vehicle. Litres and amounts
 * entered, km by the receipts' odometer against km by GPS, l/100 km and cost per 100 km, the
 * refuels the tracker saw against the litres entered, and fill-ups larger than the tank.
 */
export const vehicleFuelConsumptionReport = defineReport({
  slug: 'vehicle-fuel-consumption-report',
  group: 'fuel',
  key: 'vehicle_fuel_consumption',
  inputs: fuelInputs,
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    tankCapacity: { kind: 'number' },
    entries: { kind: 'number' },
    loggedLitres: { kind: 'number' },
    cost: { ...money },
    averageUnitPrice: { ...money },
    logKm: { kind: 'number', unit: 'km' },
    distance: { kind: 'number', unit: 'km' },
    litresPer100: { kind: 'number' },
    costPer100: { ...money },
    refuelledLitres: { kind: 'number' },
    difference: { kind: 'number' },
    overTank: { kind: 'number' },
    mismatch: { kind: 'enum', enumValues: mismatchValues },
  },
  prepare: (scope) => vehicleFuelLog.prepare(scope),
  page: (scope, offset, limit) => vehicleFuelLog.page(scope, offset, limit),
  rows: (scope) => vehicleFuelLog.rows(scope),
  count: (scope) => vehicleFuelLog.count(scope),
  async totals(scope) {
    const row = await logTotals(scope)
      .select(
        scope.client.raw('count(*)::int as entries'),
        scope.client.raw('coalesce(round(sum(f.litres)::numeric, 1), 0) as "loggedLitres"'),
        scope.client.raw('coalesce(round(sum(f.total_cents) / 100.0, 2), 0) as cost')
      )
      .first()
    return {
      entries: Number(row?.entries ?? 0),
      loggedLitres: Number(row?.loggedLitres ?? 0),
      cost: Number(row?.cost ?? 0),
    }
  },
})

const eventParameters = vine.create({
  ...fuelParameters(),
  kind: vine.enum(['refuel', 'drop']).optional(),
})
type EventParams = FuelParams & { kind?: 'refuel' | 'drop' }

function fuelEventsQuery(scope: ReportScope<EventParams>): DatabaseQueryBuilderContract {
  const events = fuelEventsSql(scope)
  const query = scope.client
    .query()
    .with('fuel_events', scope.client.raw(events.sql, events.bindings))
    .from('fuel_events as e')
    .join('devices as d', 'd.id', 'e.device_id')
    .where('d.company_id', scope.context.companyId)
    .whereRaw(visibleDeviceSql('d.id'))
  if (scope.params.kind) query.where('e.kind', scope.params.kind)
  return query
}

/**
 * fuel-events: every refuel and drop the fuel level shows, with the level before and after,
 * and whether a fuel log entry of that vehicle and day accounts for a refuel.
 */
export const fuelEventsReport = defineReport({
  slug: 'fuel-events',
  group: 'fuel',
  key: 'fuel_events',
  inputs: fuelInputs,
  parameters: eventParameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    kind: { kind: 'enum', enumValues: ['refuel', 'drop'] },
    startTime: { kind: 'datetime', sortable: true },
    endTime: { kind: 'datetime' },
    litres: { kind: 'number' },
    levelBefore: { kind: 'number' },
    levelAfter: { kind: 'number' },
    loggedLitres: { kind: 'number' },
    latitude: { kind: 'number' },
    longitude: { kind: 'number' },
  },
  rows(scope) {
    return fuelEventsQuery(scope)
      .select(
        'd.name as vehicle',
        'd.plate as plate',
        'e.kind as kind',
        'e.start_time as startTime',
        'e.end_time as endTime',
        'e.litres as litres',
        'e.level_before as levelBefore',
        'e.level_after as levelAfter',
        scope.client.raw(
          `CASE WHEN e.kind = 'refuel' THEN (SELECT sum(f.litres)::float8 FROM fuel_entries f
              WHERE f.device_id = e.device_id AND f.company_id = d.company_id
                AND f.entry_date = (e.start_time AT TIME ZONE ?)::date) END as "loggedLitres"`,
          [scope.context.timezone]
        ),
        'e.latitude as latitude',
        'e.longitude as longitude'
      )
      .orderBy('e.start_time', 'asc')
      .orderBy('e.device_id', 'asc')
  },
  async totals(scope) {
    const row = await fuelEventsQuery(scope)
      .select(
        scope.client.raw(`count(*) FILTER (WHERE e.kind = 'refuel')::int as refuels`),
        scope.client.raw(
          `coalesce(round(sum(e.litres) FILTER (WHERE e.kind = 'refuel')::numeric, 1), 0) as "refuelledLitres"`
        ),
        scope.client.raw(`count(*) FILTER (WHERE e.kind = 'drop')::int as drops`),
        scope.client.raw(
          `coalesce(round(sum(e.litres) FILTER (WHERE e.kind = 'drop')::numeric, 1), 0) as "droppedLitres"`
        )
      )
      .first()
    return {
      refuels: Number(row?.refuels ?? 0),
      refuelledLitres: Number(row?.refuelledLitres ?? 0),
      drops: Number(row?.drops ?? 0),
      droppedLitres: Number(row?.droppedLitres ?? 0),
    }
  },
})
