import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { placeSql, vehicleParameters, whereVehicles } from '#reports/telematics'

/** One row per visit, or the visits added up per vehicle or per zone. */
export const geofenceVisitGroupings = ['visit', 'vehicle', 'zone'] as const

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  groupBy: vine.enum(geofenceVisitGroupings).optional(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Seconds inside: the stored duration once the vehicle left; a stay still going on counts up
 * to the run's instant (bind it).
 */
const INSIDE_SQL = `coalesce(v.duration, greatest(0, round(extract(epoch FROM ?::timestamptz - v.enter_time))))`

/**
 * The stays in the company's zones (`geofence_visits`, written at ingest from the enter and
 * exit events) of the chosen vehicles that began in the period.
 */
function visits({ client, context, params, period }: ReportScope<Params>) {
  const query = client
    .from('geofence_visits as v')
    .join('devices', 'devices.id', 'v.device_id')
    .join('geofences as g', 'g.id', 'v.geofence_id')
    .where('v.company_id', context.companyId)
    .where('g.company_id', context.companyId)
    .where('v.enter_time', '>=', period.from.toJSDate())
    .where('v.enter_time', '<', period.to.toJSDate())
  whereVehicles(query, context.companyId, params)
  return query
}

function inside(scope: ReportScope<Params>, alias: string) {
  return scope.client.raw(`${INSIDE_SQL} as ${alias}`, [scope.context.now.toJSDate()])
}

/**
 * Geofence visits: which vehicle was in which zone, from when to when and how long, each
 * visit with the place it entered at (a link to the playback at that moment), or the visits
 * added up per vehicle or per zone.
 */
export const geofenceVisitsReport = defineReport({
  slug: 'geofence-visits',
  group: 'trips_activity',
  key: 'geofence_visits',
  parameters,
  inputs: { groupBy: { default: 'visit' } },
  playback: { time: 'entered', until: 'left' },
  columns: {
    deviceId: { kind: 'number', hidden: true, sortable: false },
    zone: { kind: 'text', sortable: true },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    entered: { kind: 'datetime', sortable: true },
    left: { kind: 'datetime', sortable: true },
    inside: { kind: 'number', unit: 'duration', sortable: true },
    visits: { kind: 'number', sortable: true },
    place: { kind: 'text', placeOf: 'coordinates', sortable: false },
    coordinates: { kind: 'text', sortable: false },
  },
  rows(scope) {
    const { client } = scope
    const groupBy = scope.params.groupBy ?? 'visit'
    const query = visits(scope)
    if (groupBy === 'visit') {
      return query
        .joinRaw(
          `LEFT JOIN LATERAL (
              SELECT e.latitude, e.longitude FROM events e
               WHERE e.device_id = v.device_id AND e.event_time = v.enter_time
                 AND e.code = 'GEOFENCE_ENTER'
                 AND COALESCE((e.attributes->>'geofenceId')::int, 0) = v.geofence_id
               LIMIT 1
            ) AS entry ON true`
        )
        .select(
          'devices.id as deviceId',
          'g.name as zone',
          'devices.name as vehicle',
          'devices.plate as plate',
          'v.enter_time as entered',
          'v.exit_time as left',
          inside(scope, 'inside'),
          client.raw('1 as visits'),
          client.raw(`${placeSql('entry.latitude', 'entry.longitude')} as place`),
          client.raw(`${placeSql('entry.latitude', 'entry.longitude')} as coordinates`)
        )
        .orderBy('v.enter_time', 'asc')
        .orderBy('v.id', 'asc')
    }
    const perVehicle = groupBy === 'vehicle'
    // A stay still going on has no end: the group's "left" is then empty.
    const lastLeft = 'CASE WHEN bool_and(v.exit_time IS NOT NULL) THEN max(v.exit_time) END'
    query
      .select(
        client.raw(perVehicle ? 'devices.id as "deviceId"' : 'NULL::int as "deviceId"'),
        client.raw(perVehicle ? 'NULL::text as zone' : 'g.name as zone'),
        client.raw(perVehicle ? 'devices.name as vehicle' : 'NULL::text as vehicle'),
        client.raw(perVehicle ? 'devices.plate as plate' : 'NULL::text as plate'),
        client.raw('min(v.enter_time) as entered'),
        client.raw(`${lastLeft} as "left"`),
        client.raw(`sum(${INSIDE_SQL})::bigint as inside`, [scope.context.now.toJSDate()]),
        client.raw('count(*)::int as visits'),
        client.raw('NULL::text as place'),
        client.raw('NULL::text as coordinates')
      )
      .groupBy(perVehicle ? ['devices.id', 'devices.name', 'devices.plate'] : ['g.id', 'g.name'])
    return perVehicle
      ? query.orderBy('devices.name', 'asc').orderBy('devices.id', 'asc')
      : query.orderBy('g.name', 'asc').orderBy('g.id', 'asc')
  },
  async totals(scope) {
    const row = await visits(scope)
      .select(
        scope.client.raw('count(*)::int as visits'),
        scope.client.raw('count(DISTINCT v.device_id)::int as vehicles'),
        scope.client.raw('count(DISTINCT v.geofence_id)::int as zones'),
        scope.client.raw(`coalesce(sum(${INSIDE_SQL}), 0)::bigint as inside`, [
          scope.context.now.toJSDate(),
        ])
      )
      .first()
    return {
      visits: Number(row?.visits ?? 0),
      vehicles: Number(row?.vehicles ?? 0),
      zones: Number(row?.zones ?? 0),
      inside: Number(row?.inside ?? 0),
    }
  },
  async chart(scope) {
    // Hours inside per zone (per vehicle when grouped by vehicle), the 50 longest.
    const perVehicle = scope.params.groupBy === 'vehicle'
    const label = perVehicle ? 'devices.name' : 'g.name'
    const rows: { label: string; hours: string }[] = await visits(scope)
      .select(
        scope.client.raw(`${label} as label`),
        scope.client.raw(`round(sum(${INSIDE_SQL}) / 3600.0, 2) as hours`, [
          scope.context.now.toJSDate(),
        ])
      )
      .groupBy(perVehicle ? ['devices.id', 'devices.name'] : ['g.id', 'g.name'])
      .orderByRaw('2 desc')
      .orderBy(label, 'asc')
      .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => row.label),
      series: [{ name: 'hours', data: rows.map((row) => Number(row.hours)) }],
    }
  },
})
