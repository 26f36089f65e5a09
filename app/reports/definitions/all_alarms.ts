import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { EVENT_CODES, placeSql, vehicleParameters, whereVehicles } from '#reports/telematics'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
  /** One or several codes (the page's multi-select). */
  code: vine.array(vine.enum(EVENT_CODES)).maxLength(EVENT_CODES.length).optional(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/** The events of the period, of the chosen vehicles and codes. */
function events({ client, context, params, period }: ReportScope<Params>) {
  const query = client
    .from('events')
    .join('devices', 'devices.id', 'events.device_id')
    .where('events.company_id', context.companyId)
    .where('events.event_time', '>=', period.from.toJSDate())
    .where('events.event_time', '<', period.to.toJSDate())
  whereVehicles(query, context.companyId, params)
  if (params.code && params.code.length > 0) query.whereIn('events.code', params.code)
  return query
}

/** All alarms: every event (§9 codes) with its state (A active, F inactive), place and time. */
export const allAlarmsReport = defineReport({
  slug: 'all-alarms',
  group: 'alarms_behaviour',
  key: 'all_alarms',
  parameters,
  playback: { time: 'time' },
  columns: {
    deviceId: { kind: 'number', hidden: true, sortable: false },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    time: { kind: 'datetime', sortable: true },
    code: { kind: 'enum', enumValues: EVENT_CODES },
    state: { kind: 'enum', enumValues: ['A', 'F'] },
    place: { kind: 'text', placeOf: 'coordinates', sortable: false },
    coordinates: { kind: 'text', sortable: false },
  },
  rows(scope) {
    return events(scope)
      .select(
        'devices.id as deviceId',
        'devices.name as vehicle',
        'devices.plate as plate',
        'events.event_time as time',
        'events.code as code',
        'events.state as state',
        scope.client.raw(`${placeSql('events.latitude', 'events.longitude')} as place`),
        scope.client.raw(`${placeSql('events.latitude', 'events.longitude')} as coordinates`)
      )
      .orderBy('events.event_time', 'asc')
      .orderBy('events.id', 'asc')
  },
  async totals(scope) {
    const row = await events(scope).select(scope.client.raw('count(*)::int as events')).first()
    return { events: Number(row?.events ?? 0) }
  },
  async chart(scope) {
    const rows: { code: string; count: number }[] = await events(scope)
      .select('events.code as code', scope.client.raw('count(*)::int as count'))
      .groupBy('events.code')
      .orderBy('count', 'desc')
      .orderBy('events.code')
    return {
      type: 'pie',
      labels: rows.map((row) => row.code),
      series: [{ name: 'events', data: rows.map((row) => Number(row.count)) }],
    }
  },
})
