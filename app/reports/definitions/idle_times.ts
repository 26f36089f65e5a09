import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import {
  fuelSql,
  localDaySql,
  placeSql,
  round2,
  vehicleParameters,
  whereVehicles,
} from '#reports/telematics'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/** Spec §9: the idle-time report lists engine-on standstills of at least 5 minutes. */
export const IDLE_THRESHOLD_SECONDS = 300

/** Idle periods (engine on, standing) that started in the period and lasted 5 minutes or more. */
function idles({ client, context, params, period }: ReportScope<Params>) {
  const query = client
    .from('idle_periods')
    .join('devices', 'devices.id', 'idle_periods.device_id')
    .where('idle_periods.company_id', context.companyId)
    .where('idle_periods.start_time', '>=', period.from.toJSDate())
    .where('idle_periods.start_time', '<', period.to.toJSDate())
    .where('idle_periods.duration', '>=', IDLE_THRESHOLD_SECONDS)
  whereVehicles(query, context.companyId, params)
  return query
}

const FUEL = fuelSql('0', 'idle_periods.duration')

/** Idle times: where each vehicle idled, how long, and the litres burnt at its idle l/h. */
export const idleTimesReport = defineReport({
  slug: 'idle-times',
  group: 'trips_activity',
  key: 'idle_times',
  parameters,
  playback: { time: 'startTime', until: 'endTime' },
  columns: {
    deviceId: { kind: 'number', hidden: true, sortable: false },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    place: { kind: 'text', placeOf: 'coordinates', sortable: false },
    coordinates: { kind: 'text', sortable: false },
    startTime: { kind: 'datetime', sortable: true },
    endTime: { kind: 'datetime' },
    duration: { kind: 'number', unit: 'duration' },
    fuel: { kind: 'number' },
  },
  rows(scope) {
    return idles(scope)
      .select(
        'devices.id as deviceId',
        'devices.name as vehicle',
        'devices.plate as plate',
        scope.client.raw(`${placeSql('idle_periods.latitude', 'idle_periods.longitude')} as place`),
        scope.client.raw(
          `${placeSql('idle_periods.latitude', 'idle_periods.longitude')} as coordinates`
        ),
        'idle_periods.start_time as startTime',
        'idle_periods.end_time as endTime',
        'idle_periods.duration as duration',
        scope.client.raw(`${FUEL} as fuel`)
      )
      .orderBy('idle_periods.start_time', 'asc')
      .orderBy('idle_periods.id', 'asc')
  },
  async totals(scope) {
    const row = await idles(scope)
      .select(
        scope.client.raw('count(*)::int as idles'),
        scope.client.raw('coalesce(sum(idle_periods.duration), 0)::bigint as duration'),
        scope.client.raw(`coalesce(sum(${FUEL}), 0) as fuel`)
      )
      .first()
    return {
      idles: Number(row?.idles ?? 0),
      duration: Number(row?.duration ?? 0),
      fuel: round2(row?.fuel),
    }
  },
  async chart(scope) {
    const rows: { day: string; minutes: string }[] = await idles(scope)
      .select(
        scope.client.raw(`${localDaySql('idle_periods.start_time')} as day`, [
          scope.context.timezone,
        ]),
        scope.client.raw('round(sum(idle_periods.duration) / 60.0, 1) as minutes')
      )
      .groupBy('day')
      .orderBy('day')
    return {
      type: 'bar',
      labels: rows.map((row) => row.day),
      series: [{ name: 'minutes', data: rows.map((row) => Number(row.minutes)) }],
    }
  },
})
