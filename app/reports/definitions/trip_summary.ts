import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import {
  driverParameter,
  fuelSql,
  km,
  localDaySql,
  placeSql,
  round2,
  vehicleParameters,
  whereVehicles,
} from '#reports/telematics'
import { companyHoursOf, isSpanOutsideWorkingHours } from '#services/settings/working_hours'
import { pgArrayLiteral } from '#tracking/pipeline/pg_array_literal'
import { reportMap } from '#reports/report_map'

/** "Outside working hours only" / "within working hours only" (the company's hours). */
const workingHoursChoices = ['outside', 'inside'] as const

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  ...driverParameter(),
  workingHours: vine.enum(workingHoursChoices).optional(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/** The trips the working-hours choice keeps, computed once per run by `prepare`. */
const keptTrips = new WeakMap<ReportScope<Params>, number[]>()

/** Trips that started in the period (a trip belongs to the day its start falls in). */
function trips(scope: ReportScope<Params>) {
  const query = periodTrips(scope)
  const kept = keptTrips.get(scope)
  if (kept) {
    query.whereRaw('trips.id = ANY(?::bigint[])', [pgArrayLiteral(kept)])
  }
  return query
}

function periodTrips({ client, context, params, period }: ReportScope<Params>) {
  const query = client
    .from('trips')
    .join('devices', 'devices.id', 'trips.device_id')
    .where('trips.company_id', context.companyId)
    .where('trips.start_time', '>=', period.from.toJSDate())
    .where('trips.start_time', '<', period.to.toJSDate())
  whereVehicles(query, context.companyId, params)
  if (params.driverId) query.where('trips.driver_id', params.driverId)
  return query
}

const FUEL = fuelSql('trips.distance', 'trips.idle_duration')

/**
 * Trip summary: each trip with its start and end (time and place), distance, duration, top
 * and average speed, idle time, driver and estimated fuel; totals and distance per day.
 */
export const tripSummaryReport = defineReport({
  slug: 'trip-summary',
  group: 'trips_activity',
  key: 'trip_summary',
  parameters,
  inputs: { workingHours: { kind: 'enum', options: workingHoursChoices } },
  /**
   * With a working-hours choice, the trips that touch time outside the company's working
   * hours (or stay within them) are picked once (isSpanOutsideWorkingHours, in the company's
   * zone); rows, totals and chart then read only those.
   */
  async prepare(scope) {
    if (!scope.params.workingHours) return
    const { hours, zone } = await companyHoursOf(scope.context.companyId, scope.client)
    const candidates: { id: string | number; start_time: Date; end_time: Date }[] =
      await periodTrips(scope).select('trips.id', 'trips.start_time', 'trips.end_time')
    const outside = scope.params.workingHours === 'outside'
    keptTrips.set(
      scope,
      candidates
        .filter(
          (trip) =>
            isSpanOutsideWorkingHours(hours, trip.start_time, trip.end_time, zone) === outside
        )
        .map((trip) => Number(trip.id))
    )
  },
  playback: { time: 'startTime', until: 'endTime' },
  /** The period's trips as lines, and the same vehicles' parkings as markers. */
  map: (scope) => reportMap(scope, { trips: trips(scope) }),
  columns: {
    deviceId: { kind: 'number', hidden: true, sortable: false },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    driver: { kind: 'text' },
    startTime: { kind: 'datetime', sortable: true },
    startPlace: { kind: 'text', placeOf: 'startCoordinates', sortable: false },
    startCoordinates: { kind: 'text', sortable: false },
    endTime: { kind: 'datetime' },
    endPlace: { kind: 'text', placeOf: 'endCoordinates', sortable: false },
    endCoordinates: { kind: 'text', sortable: false },
    distance: { kind: 'number', unit: 'km' },
    duration: { kind: 'number', unit: 'duration' },
    idleDuration: { kind: 'number', unit: 'duration' },
    maxSpeed: { kind: 'number', unit: 'km/h' },
    averageSpeed: { kind: 'number', unit: 'km/h' },
    fuel: { kind: 'number' },
  },
  rows(scope) {
    const raw = (sql: string) => scope.client.raw(sql)
    return trips(scope)
      .leftJoin('drivers', 'drivers.id', 'trips.driver_id')
      .select(
        'devices.id as deviceId',
        'devices.name as vehicle',
        'devices.plate as plate',
        'drivers.name as driver',
        'trips.start_time as startTime',
        raw(`${placeSql('trips.start_latitude', 'trips.start_longitude')} as "startPlace"`),
        raw(`${placeSql('trips.start_latitude', 'trips.start_longitude')} as "startCoordinates"`),
        'trips.end_time as endTime',
        raw(`${placeSql('trips.end_latitude', 'trips.end_longitude')} as "endPlace"`),
        raw(`${placeSql('trips.end_latitude', 'trips.end_longitude')} as "endCoordinates"`),
        raw('round((trips.distance / 1000)::numeric, 2) as distance'),
        'trips.duration as duration',
        'trips.idle_duration as idleDuration',
        'trips.max_speed as maxSpeed',
        'trips.average_speed as averageSpeed',
        raw(`${FUEL} as fuel`)
      )
      .orderBy('trips.start_time', 'asc')
      .orderBy('trips.id', 'asc')
  },
  async totals(scope) {
    const raw = (sql: string) => scope.client.raw(sql)
    const row = await trips(scope)
      .select(
        raw('count(*)::int as trips'),
        raw('coalesce(sum(trips.distance), 0) as distance'),
        raw('coalesce(sum(trips.duration), 0)::int as duration'),
        raw('coalesce(sum(trips.idle_duration), 0)::int as "idleDuration"'),
        raw('coalesce(max(trips.max_speed), 0) as "maxSpeed"'),
        raw(`coalesce(sum(${FUEL}), 0) as fuel`)
      )
      .first()
    return {
      trips: Number(row?.trips ?? 0),
      distance: km(row?.distance),
      duration: Number(row?.duration ?? 0),
      idleDuration: Number(row?.idleDuration ?? 0),
      maxSpeed: Number(row?.maxSpeed ?? 0),
      fuel: round2(row?.fuel),
    }
  },
  async chart(scope) {
    const rows: { day: string; distance: string }[] = await trips(scope)
      .select(
        scope.client.raw(`${localDaySql('trips.start_time')} as day`, [scope.context.timezone]),
        scope.client.raw('sum(trips.distance) as distance')
      )
      .groupBy('day')
      .orderBy('day')
    return {
      type: 'bar',
      labels: rows.map((row) => row.day),
      series: [{ name: 'distance', data: rows.map((row) => km(row.distance)) }],
    }
  },
})
