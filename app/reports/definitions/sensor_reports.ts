import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import type { PeriodInput } from '#reports/engine/period'
import { visibleDeviceSql } from '#services/billing/expiry_rule'
import { exportRowLimit } from '#reports/engine/export_limit'

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

/** Temperature readings (sensor, °C) with the time to the vehicle's next reading of that sensor. */
function temperatureReadings(scope: ReportScope<TemperatureParams>) {
  const { context, params, period } = scope
  const bindings: (number | Date)[] = [
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
  ]
  let device = ''
  if (params.deviceId) {
    device = 'AND p.device_id = ?'
    bindings.push(params.deviceId)
  }
  return {
    sql: `SELECT r.device_id, r.sensor, r.fix_time, r.value,
        extract(epoch FROM coalesce(lead(r.fix_time) OVER (PARTITION BY r.device_id, r.sensor ORDER BY r.fix_time), r.fix_time) - r.fix_time) AS seconds
      FROM (
        SELECT p.device_id, p.fix_time, t.key AS sensor, t.value::float8 AS value
        FROM positions p, jsonb_each_text(p.attributes->'temperatures') t
        WHERE p.company_id = ? AND p.fix_time >= ? AND p.fix_time < ? ${device}
          AND ${visibleDeviceSql('p.device_id')}
          AND p.attributes->'temperatures' IS NOT NULL
      ) r`,
    bindings,
  }
}

function temperatureQuery(scope: ReportScope<TemperatureParams>) {
  const readings = temperatureReadings(scope)
  return scope.client
    .query()
    .with('temperature_readings', scope.client.raw(readings.sql, readings.bindings))
    .from('temperature_readings as r')
    .join('devices as d', 'd.id', 'r.device_id')
}

/**
 * temperature-reports: per vehicle and temperature sensor of the tracker (Teltonika Dallas and
 * BLE), the minimum, maximum and average, and the time spent out of a chosen range (°C; a
 * reading holds until the sensor's next reading).
 */
export const temperatureReport = defineReport({
  key: 'temperature',
  parameters: vine.create({
    ...deviceParameters(),
    min: vine.number().min(-100).max(200).optional(),
    max: vine.number().min(-100).max(200).optional(),
  }),
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
  rows(scope) {
    const min = scope.params.min ?? DEFAULT_TEMPERATURE_RANGE.min
    const max = scope.params.max ?? DEFAULT_TEMPERATURE_RANGE.max
    return temperatureQuery(scope)
      .groupBy('r.device_id', 'r.sensor', 'd.name', 'd.plate')
      .select(
        'd.name as vehicle',
        'd.plate as plate',
        'r.sensor as sensor',
        scope.client.raw('count(*)::int as readings'),
        scope.client.raw('round(min(r.value)::numeric, 1) as minimum'),
        scope.client.raw('round(max(r.value)::numeric, 1) as maximum'),
        scope.client.raw('round(avg(r.value)::numeric, 1) as average'),
        scope.client.raw(
          'coalesce(sum(r.seconds) FILTER (WHERE r.value < ?), 0)::int as "timeBelow"',
          [min]
        ),
        scope.client.raw(
          'coalesce(sum(r.seconds) FILTER (WHERE r.value > ?), 0)::int as "timeAbove"',
          [max]
        ),
        scope.client.raw(
          'coalesce(sum(r.seconds) FILTER (WHERE r.value < ? OR r.value > ?), 0)::int as "timeOutside"',
          [min, max]
        )
      )
      .orderBy('d.name', 'asc')
      .orderBy('r.device_id', 'asc')
      .orderBy('r.sensor', 'asc')
  },
  async totals(scope) {
    const min = scope.params.min ?? DEFAULT_TEMPERATURE_RANGE.min
    const max = scope.params.max ?? DEFAULT_TEMPERATURE_RANGE.max
    const row = await temperatureQuery(scope)
      .select(
        scope.client.raw('count(*)::int as readings'),
        scope.client.raw('round(min(r.value)::numeric, 1) as minimum'),
        scope.client.raw('round(max(r.value)::numeric, 1) as maximum'),
        scope.client.raw(
          'coalesce(sum(r.seconds) FILTER (WHERE r.value < ? OR r.value > ?), 0)::int as "timeOutside"',
          [min, max]
        )
      )
      .first()
    return {
      readings: Number(row?.readings ?? 0),
      minimum: Number(row?.minimum ?? 0),
      maximum: Number(row?.maximum ?? 0),
      timeOutside: Number(row?.timeOutside ?? 0),
    }
  },
})
