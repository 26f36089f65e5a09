import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { localDaySql, placeSql, vehicleParameters, whereVehicles } from '#reports/telematics'
import { reportMap } from '#reports/report_map'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  /** Only parkings of at least this many minutes. */
  minMinutes: vine.number().withoutDecimals().range([0, 10080]).optional(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/** Stops (parkings) that started in the period. */
function stops({ client, context, params, period }: ReportScope<Params>) {
  const query = client
    .from('stops')
    .join('devices', 'devices.id', 'stops.device_id')
    .where('stops.company_id', context.companyId)
    .where('stops.start_time', '>=', period.from.toJSDate())
    .where('stops.start_time', '<', period.to.toJSDate())
  whereVehicles(query, context.companyId, params)
  if (params.minMinutes) query.where('stops.duration', '>=', params.minMinutes * 60)
  return query
}

/** Parking duration: where each vehicle stood, from when to when, and how long with the engine on. */
export const parkingDurationReport = defineReport({
  slug: 'parking-duration',
  group: 'trips_activity',
  key: 'parking_duration',
  parameters,
  playback: { time: 'startTime', until: 'endTime' },
  /** The period's parkings as markers, and the same vehicles' trips as lines. */
  map: (scope) => reportMap(scope, { stops: stops(scope) }),
  columns: {
    deviceId: { kind: 'number', hidden: true, sortable: false },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    place: { kind: 'text', placeOf: 'coordinates', sortable: false },
    coordinates: { kind: 'text', sortable: false },
    startTime: { kind: 'datetime', sortable: true },
    endTime: { kind: 'datetime' },
    duration: { kind: 'number', unit: 'duration' },
    engineOnDuration: { kind: 'number', unit: 'duration' },
  },
  rows(scope) {
    return stops(scope)
      .select(
        'devices.id as deviceId',
        'devices.name as vehicle',
        'devices.plate as plate',
        scope.client.raw(`${placeSql('stops.latitude', 'stops.longitude')} as place`),
        scope.client.raw(`${placeSql('stops.latitude', 'stops.longitude')} as coordinates`),
        'stops.start_time as startTime',
        'stops.end_time as endTime',
        'stops.duration as duration',
        'stops.engine_on_duration as engineOnDuration'
      )
      .orderBy('stops.start_time', 'asc')
      .orderBy('stops.id', 'asc')
  },
  async totals(scope) {
    const row = await stops(scope)
      .select(
        scope.client.raw('count(*)::int as stops'),
        scope.client.raw('coalesce(sum(stops.duration), 0)::bigint as duration'),
        scope.client.raw('coalesce(sum(stops.engine_on_duration), 0)::bigint as "engineOnDuration"')
      )
      .first()
    return {
      stops: Number(row?.stops ?? 0),
      duration: Number(row?.duration ?? 0),
      engineOnDuration: Number(row?.engineOnDuration ?? 0),
    }
  },
  async chart(scope) {
    const rows: { day: string; hours: string }[] = await stops(scope)
      .select(
        scope.client.raw(`${localDaySql('stops.start_time')} as day`, [scope.context.timezone]),
        scope.client.raw('round(sum(stops.duration) / 3600.0, 2) as hours')
      )
      .groupBy('day')
      .orderBy('day')
    return {
      type: 'bar',
      labels: rows.map((row) => row.day),
      series: [{ name: 'hours', data: rows.map((row) => Number(row.hours)) }],
    }
  },
})
