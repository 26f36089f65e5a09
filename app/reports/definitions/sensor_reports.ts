import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { visibleDeviceSql } from '#services/billing/expiry_rule'
import { exportRowLimit } from '#reports/engine/export_limit'
import { rollupWindows } from '#reports/fuel/rollup_windows'
import { aggregateSnapshot, sumOf } from '#reports/snapshot'
import { fromSql } from '#reports/telematics'

/** Spec §9 battery codes, in the order of the table. */
export const batteryCodes = ['NOV', 'HSR', 'LVR', 'HVR', 'HSO', 'NSC', 'LVS', 'INV'] as const

type DeviceParams = PeriodInput & { deviceId?: number }

const deviceParameters = () => ({
  ...periodParameters(),
  deviceId: vine.number().positive().withoutDecimals().optional(),
})

function companyEvents({ client, context, params, period }: ReportScope<DeviceParams>) {
  const query = client
    .from('events as e')
    .join('devices as d', 'd.id', 'e.device_id')
    .where('e.company_id', context.companyId)
    .where('e.event_time', '>=', period.from.toJSDate())
    .where('e.event_time', '<', period.to.toJSDate())
    .whereIn('e.code', batteryCodes as unknown as string[])
    .whereRaw(visibleDeviceSql('e.device_id'))
  if (params.deviceId) query.where('e.device_id', params.deviceId)
  return query
}

function companyPositions({ client, context, params, period }: ReportScope<DeviceParams>) {
  const query = client
    .from('positions as p')
    .join('devices as d', 'd.id', 'p.device_id')
    .where('p.company_id', context.companyId)
    .where('p.fix_time', '>=', period.from.toJSDate())
    .where('p.fix_time', '<', period.to.toJSDate())
    .whereRaw(visibleDeviceSql('p.device_id'))
  if (params.deviceId) query.where('p.device_id', params.deviceId)
  return query
}

interface BatteryDay {
  day: string
  code: string
  count: number
}

const batteryDaysOf = new WeakMap<object, Promise<BatteryDay[]>>()

/**
 * The period's battery events per local day and code, counted once per run: the page count,
 * the totals and the fleet chart all come from it.
 */
function batteryDays(scope: ReportScope<DeviceParams>) {
  let days = batteryDaysOf.get(scope)
  if (!days) {
    days = companyEvents(scope)
      .select(
        scope.client.raw(`to_char(e.event_time AT TIME ZONE ?, 'YYYY-MM-DD') as day`, [
          scope.context.timezone,
        ]),
        'e.code',
        scope.client.raw('count(*) as count')
      )
      .groupBy('day', 'e.code')
      .orderBy('day')
      .then((rows: { day: string; code: string; count: string }[]) =>
        rows.map((row) => ({ day: row.day, code: row.code, count: Number(row.count) }))
      )
    batteryDaysOf.set(scope, days)
  }
  return days
}

async function batteryCounts(scope: ReportScope<DeviceParams>) {
  const counts = new Map<string, number>()
  for (const row of await batteryDays(scope)) {
    counts.set(row.code, (counts.get(row.code) ?? 0) + row.count)
  }
  return counts
}

function sumCounts(counts: Map<string, number>) {
  return [...counts.values()].reduce((total, count) => total + count, 0)
}

/**
 * battery-reports: every change of the vehicle battery state (§9 NOV…INV) with its voltage,
 * how long the state lasted (to the vehicle's next state, or the end of the period), totals
 * per state, and as a chart the external voltage of one vehicle (hourly averages) or, for the
 * fleet, the state changes per day.
 */
export const batteryReport = defineReport({
  slug: 'battery-reports',
  group: 'sensors',
  key: 'battery',
  parameters: vine.create({
    ...deviceParameters(),
    code: vine.enum(batteryCodes).optional(),
  }),
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    time: { kind: 'datetime', sortable: true },
    code: { kind: 'enum', enumValues: batteryCodes },
    voltage: { kind: 'number' },
    duration: { kind: 'number', unit: 'duration' },
    latitude: { kind: 'number' },
    longitude: { kind: 'number' },
  },
  rows(scope) {
    const params = scope.params as DeviceParams & { code?: string }
    const codes = batteryCodes.map((code) => `'${code}'`).join(', ')
    // How long a state lasted: to the vehicle's next battery event of the period (events at
    // the same time ordered by id, the page's order), looked up for the rows read, so the
    // first page reads about 50 of them instead of ordering the whole period's events per
    // vehicle. Each look-up follows events' (device_id, event_time) key.
    const next = `FROM events n WHERE n.device_id = e.device_id AND n.company_id = e.company_id
      AND n.code IN (${codes})`
    const query = companyEvents(scope).select(
      'd.name as vehicle',
      'd.plate as plate',
      'e.event_time as time',
      'e.code as code',
      scope.client.raw(`(e.attributes->>'power')::float8 as voltage`),
      scope.client.raw(
        `greatest(extract(epoch FROM coalesce(
          (SELECT n.event_time ${next} AND n.event_time = e.event_time AND n.id > e.id LIMIT 1),
          (SELECT n.event_time ${next} AND n.event_time > e.event_time AND n.event_time < ?
            ORDER BY n.event_time LIMIT 1),
          ?::timestamptz) - e.event_time)::int, 0) as duration`,
        [
          scope.period.to.toJSDate(),
          new Date(Math.min(scope.period.to.toMillis(), scope.context.now.toMillis())),
        ]
      ),
      'e.latitude as latitude',
      'e.longitude as longitude'
    )
    if (params.code) query.where('e.code', params.code)
    return query.orderBy('e.event_time', 'asc').orderBy('e.id', 'asc')
  },
  async count(scope) {
    const code = (scope.params as { code?: string }).code
    const counts = await batteryCounts(scope)
    return { total: code ? (counts.get(code) ?? 0) : sumCounts(counts) }
  },
  async totals(scope) {
    const counts = await batteryCounts(scope)
    const totals: Record<string, number> = { events: sumCounts(counts) }
    for (const code of batteryCodes) totals[code] = counts.get(code) ?? 0
    return totals
  },
  async chart(scope) {
    if (!scope.params.deviceId) {
      // The fleet: state changes per day and state (a fleet-wide average voltage says little,
      // and it would read every position of the period).
      const rows = await batteryDays(scope)
      const labels = [...new Set(rows.map((row) => row.day))]
      const counts = new Map(rows.map((row) => [`${row.day} ${row.code}`, row.count]))
      return {
        type: 'bar',
        labels,
        series: batteryCodes.map((code) => ({
          name: code,
          data: labels.map((day) => counts.get(`${day} ${code}`) ?? 0),
        })),
      }
    }
    // One vehicle: its external voltage, hourly averages.
    const rows: { bucket: string; voltage: string }[] = await companyPositions(scope)
      .whereRaw(`p.attributes->>'power' IS NOT NULL`)
      .select(
        scope.client.raw(`to_char(p.fix_time AT TIME ZONE ?, 'YYYY-MM-DD HH24:00') as bucket`, [
          scope.context.timezone,
        ]),
        scope.client.raw(`round(avg((p.attributes->>'power')::float8)::numeric, 2) as voltage`)
      )
      .groupBy('bucket')
      .orderBy('bucket')
    return {
      type: 'line',
      labels: rows.map((row) => row.bucket),
      series: [{ name: 'voltage', data: rows.map((row) => Number(row.voltage)) }],
    }
  },
})

/**
 * telematics-data: the positions with their sensor and IO values as the tracker sent them
 * (ignition, odometer, voltages, fuel, temperatures, driver card and the raw IO elements).
 */
export const telematicsReport = defineReport({
  slug: 'telematics-data',
  group: 'sensors',
  key: 'telematics',
  parameters: vine.create(deviceParameters()),
  columns: {
    vehicle: { kind: 'text', sortable: true },
    time: { kind: 'datetime', sortable: true },
    latitude: { kind: 'number' },
    longitude: { kind: 'number' },
    speed: { kind: 'number', unit: 'km/h' },
    course: { kind: 'number' },
    satellites: { kind: 'number' },
    ignition: { kind: 'boolean' },
    odometer: { kind: 'number', unit: 'km' },
    power: { kind: 'number' },
    battery: { kind: 'number' },
    fuel: { kind: 'number' },
    fuelUsed: { kind: 'number' },
    temperatures: { kind: 'text' },
    driverCard: { kind: 'text' },
    io: { kind: 'text' },
  },
  rows(scope) {
    return companyPositions(scope)
      .select(
        'd.name as vehicle',
        'p.fix_time as time',
        'p.latitude as latitude',
        'p.longitude as longitude',
        'p.speed as speed',
        'p.course as course',
        'p.satellites as satellites',
        scope.client.raw(`(p.attributes->>'ignition')::boolean as ignition`),
        scope.client.raw(
          `round(((p.attributes->>'odometer')::float8 / 1000)::numeric, 2) as odometer`
        ),
        scope.client.raw(`(p.attributes->>'power')::float8 as power`),
        scope.client.raw(`(p.attributes->>'battery')::float8 as battery`),
        scope.client.raw(`(p.attributes->>'fuel')::float8 as fuel`),
        scope.client.raw(`(p.attributes->>'fuelUsed')::float8 as "fuelUsed"`),
        scope.client.raw(
          `(SELECT string_agg(t.key || ' ' || t.value || ' °C', ', ' ORDER BY t.key)
            FROM jsonb_each_text(p.attributes->'temperatures') t) as temperatures`
        ),
        scope.client.raw(`p.attributes->>'driverUniqueId' as "driverCard"`),
        scope.client.raw(`(p.attributes->'io')::text as io`)
      )
      .orderBy('p.fix_time', 'asc')
      .orderBy('p.device_id', 'asc')
  },
  async prepare(scope) {
    telematicsCounts.set(scope, await cappedPositionCount(scope))
  },
  async count(scope) {
    const counted = telematicsCounts.get(scope) ?? (await cappedPositionCount(scope))
    return { total: counted.total, lowerBound: counted.capped }
  },
  async totals(scope) {
    const { context, params, period } = scope
    const counted = telematicsCounts.get(scope) ?? (await cappedPositionCount(scope))
    // One index probe per vehicle rather than a pass over every position of the period.
    const vehicles = scope.client
      .from('devices as d')
      .where('d.company_id', context.companyId)
      .whereRaw(visibleDeviceSql('d.id'))
      .whereExists((query) =>
        query
          .from('positions as p')
          .whereRaw('p.device_id = d.id')
          .where('p.company_id', context.companyId)
          .where('p.fix_time', '>=', period.from.toJSDate())
          .where('p.fix_time', '<', period.to.toJSDate())
      )
    if (params.deviceId) vehicles.where('d.id', params.deviceId)
    const row = await vehicles.count('* as vehicles').first()
    const totals: Record<string, number> = { vehicles: Number(row?.vehicles ?? 0) }
    // Past the export limit the positions are not counted to the end (the table says "more than").
    if (!counted.capped) totals.positions = counted.total
    return totals
  },
})

/** Counting stops past what one export takes: a month of a fleet is millions of positions. */
const TELEMATICS_COUNT_CAP = exportRowLimit(Object.keys(telematicsReport.columns).length)

const telematicsCounts = new WeakMap<object, { total: number; capped: boolean }>()

async function cappedPositionCount(scope: ReportScope<DeviceParams>) {
  const capped = companyPositions(scope)
    .select(scope.client.raw('1'))
    .limit(TELEMATICS_COUNT_CAP + 1)
  const row = await scope.client.from(capped.as('capped')).count('* as total').first()
  const total = Number(row?.total ?? 0)
  return total > TELEMATICS_COUNT_CAP
    ? { total: TELEMATICS_COUNT_CAP, capped: true }
    : { total, capped: false }
}

export const DEFAULT_TEMPERATURE_RANGE = { min: 2, max: 8 }

type TemperatureParams = DeviceParams & { min?: number; max?: number }

/**
 * Per vehicle and temperature sensor: readings, min, max, average, and the seconds below and
 * above the range (a reading holds until the sensor's next reading; the period's last reading
 * holds nothing), from the hourly rollup `temperature_hours`: an hour wholly inside, below or
 * above the range counts all or none of its seconds, one whose min and max straddle a bound
 * adds up its seconds per value. Raw positions are read only for the pieces of hours the
 * period's bounds cut.
 */
function temperatureRowsSql(scope: ReportScope<TemperatureParams>, min: number, max: number) {
  const { context, params, period } = scope
  const windows = rollupWindows(period.from, period.to, false)
  const device = (column: string) =>
    `${params.deviceId ? ` AND ${column} = ${Number(params.deviceId)}` : ''} AND ${visibleDeviceSql(column)}`
  // Without cut hours (periods on whole hours, the usual case) the raw part is left out: its
  // estimated cost alone would make PostgreSQL JIT-compile the query, slower than running it.
  const pieces = windows.segments.length > 0
  const piecesSql = !pieces
    ? ''
    : `      ), piece_readings AS (
        SELECT p.device_id, t.key AS sensor, s.start AS at, p.fix_time, t.value::float8 AS value,
          lead(p.fix_time) OVER (PARTITION BY p.device_id, t.key, s.start ORDER BY p.fix_time)
            AS next_time
        FROM unnest(?::timestamptz[], ?::timestamptz[]) AS s(start, finish)
        CROSS JOIN LATERAL (
          SELECT p.device_id, p.fix_time, p.attributes FROM positions p
          WHERE p.company_id = ? AND p.fix_time >= s.start AND p.fix_time < s.finish
            AND p.attributes->'temperatures' IS NOT NULL${device('p.device_id')}
          OFFSET 0
        ) p
        CROSS JOIN LATERAL jsonb_each_text(p.attributes->'temperatures') t
      ), piece_seconds AS MATERIALIZED (
        SELECT r.*, extract(epoch FROM coalesce(r.next_time,
            (SELECT n.fix_time FROM positions n
              WHERE n.device_id = r.device_id AND n.fix_time > r.fix_time
                AND n.attributes->'temperatures'->>r.sensor IS NOT NULL
              ORDER BY n.fix_time LIMIT 1), r.fix_time) - r.fix_time) AS seconds
        FROM piece_readings r
`
  const piecesUnionSql = !pieces
    ? ''
    : `        UNION ALL
        SELECT device_id, sensor, count(*), min(value), max(value), sum(value), max(fix_time),
          (array_agg(value ORDER BY fix_time DESC))[1], (array_agg(seconds ORDER BY fix_time DESC))[1],
          coalesce(sum(seconds) FILTER (WHERE value < ?), 0),
          coalesce(sum(seconds) FILTER (WHERE value > ?), 0)
        FROM piece_seconds GROUP BY device_id, sensor, at
`
  return {
    sql: `WITH temp_hours AS (
        SELECT h.device_id, h.sensor, h.hour AS at, h.readings, h.min_value, h.max_value,
          h.sum_value, h.seconds, h.last_time, h.last_value, h.last_seconds, h.value_seconds
        FROM temperature_hours h
        WHERE h.company_id = ? AND h.hour >= ? AND h.hour <= ?
          AND h.hour <> ALL(?::timestamptz[])${device('h.device_id')}
      ), crossing_figures AS (
        SELECT c.device_id, c.sensor, c.at,
          coalesce(sum(v.value::float8) FILTER (WHERE v.key::float8 < ?), 0) AS below,
          coalesce(sum(v.value::float8) FILTER (WHERE v.key::float8 > ?), 0) AS above
        FROM temp_hours c
        CROSS JOIN LATERAL jsonb_each_text(c.value_seconds) v
        WHERE (c.min_value < ? AND c.max_value >= ?) OR (c.min_value <= ? AND c.max_value > ?)
        GROUP BY 1, 2, 3
${piecesSql}      ), units AS (
        SELECT h.device_id, h.sensor, h.readings, h.min_value, h.max_value, h.sum_value,
          h.last_time, h.last_value, h.last_seconds,
          CASE WHEN h.max_value < ? THEN h.seconds ELSE coalesce(f.below, 0) END AS below,
          CASE WHEN h.min_value > ? THEN h.seconds ELSE coalesce(f.above, 0) END AS above
        FROM temp_hours h LEFT JOIN crossing_figures f USING (device_id, sensor, at)
${piecesUnionSql}      ), sums AS (
        SELECT device_id, sensor, sum(readings) AS readings, min(min_value) AS minimum,
          max(max_value) AS maximum, sum(sum_value) / nullif(sum(readings), 0) AS average,
          sum(below) AS below, sum(above) AS above,
          (array_agg(last_value ORDER BY last_time DESC))[1] AS final_value,
          (array_agg(last_seconds ORDER BY last_time DESC))[1] AS final_seconds
        FROM units GROUP BY 1, 2
      )
      SELECT device_id, sensor, readings, minimum, maximum, average,
        below - CASE WHEN final_value < ? THEN final_seconds ELSE 0 END AS below,
        above - CASE WHEN final_value > ? THEN final_seconds ELSE 0 END AS above
      FROM sums`,
    bindings: [
      context.companyId,
      windows.firstHour,
      windows.lastHour,
      windows.cutHours,
      min,
      max,
      min,
      min,
      max,
      max,
      ...(pieces ? [windows.segmentStarts, windows.segmentEnds, context.companyId] : []),
      min,
      max,
      ...(pieces ? [min, max] : []),
      min,
      max,
    ],
  }
}

/** The report's rows, computed once per run: the page, its count and the totals read them. */
const temperatureSnapshot = aggregateSnapshot<TemperatureParams>({
  query(scope) {
    const min = scope.params.min ?? DEFAULT_TEMPERATURE_RANGE.min
    const max = scope.params.max ?? DEFAULT_TEMPERATURE_RANGE.max
    const rows = temperatureRowsSql(scope, min, max)
    return fromSql(
      scope.client,
      `SELECT r.device_id AS "deviceId", d.name AS vehicle, d.plate AS plate, r.sensor,
        r.readings::int AS readings, round(r.minimum::numeric, 1) AS minimum,
        round(r.maximum::numeric, 1) AS maximum, round(r.average::numeric, 1) AS average,
        r.below::int AS "timeBelow", r.above::int AS "timeAbove",
        (r.below + r.above)::int AS "timeOutside"
      FROM (${rows.sql}) r
      JOIN devices d ON d.id = r.device_id`,
      rows.bindings
    )
  },
  columns: {
    deviceId: 'int',
    vehicle: 'text',
    plate: 'text',
    sensor: 'text',
    readings: 'int',
    minimum: 'numeric',
    maximum: 'numeric',
    average: 'numeric',
    timeBelow: 'int',
    timeAbove: 'int',
    timeOutside: 'int',
  },
  order: ['vehicle', 'deviceId', 'sensor'],
})

/** A range's maximum below its minimum (message `temperatureRange` of validator.json). */
const notBelowMinimumRule = vine.createRule((value, _options, field) => {
  if (!field.isValid) return
  const minimum = Number((field.parent as Record<string, unknown>)?.min)
  if (typeof value === 'number' && Number.isFinite(minimum) && value < minimum) {
    field.report('The {{ field }} must not be below the minimum', 'temperatureRange', field)
  }
})

/**
 * temperature-reports: per vehicle and temperature sensor of the tracker (Teltonika Dallas and
 * BLE), the minimum, maximum and average, and the time spent out of a chosen range (°C; a
 * reading holds until the sensor's next reading).
 */
export const temperatureReport = defineReport({
  slug: 'temperature-reports',
  group: 'sensors',
  key: 'temperature',
  parameters: vine.create({
    ...deviceParameters(),
    min: vine.number().min(-100).max(200).optional(),
    max: vine.number().min(-100).max(200).use(notBelowMinimumRule()).optional(),
  }),
  inputs: {
    min: { default: DEFAULT_TEMPERATURE_RANGE.min },
    max: { default: DEFAULT_TEMPERATURE_RANGE.max },
  },
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    sensor: { kind: 'text' },
    readings: { kind: 'number' },
    minimum: { kind: 'number' },
    maximum: { kind: 'number' },
    average: { kind: 'number' },
    timeBelow: { kind: 'number', unit: 'duration' },
    timeAbove: { kind: 'number', unit: 'duration' },
    timeOutside: { kind: 'number', unit: 'duration' },
  },
  prepare: (scope) => temperatureSnapshot.prepare(scope),
  page: (scope, offset, limit) => temperatureSnapshot.page(scope, offset, limit),
  rows: (scope) => temperatureSnapshot.rows(scope),
  async totals(scope) {
    const rows = await temperatureSnapshot.all(scope)
    const values = (field: string) => rows.map((row) => Number(row[field]))
    return {
      readings: sumOf(rows, 'readings'),
      minimum: rows.length > 0 ? Math.min(...values('minimum')) : 0,
      maximum: rows.length > 0 ? Math.max(...values('maximum')) : 0,
      timeOutside: sumOf(rows, 'timeOutside'),
    }
  },
})
