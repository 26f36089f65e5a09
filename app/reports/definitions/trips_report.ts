import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { visibleDeviceSql } from '#services/billing/expiry_rule'

const parameters = vine.create({
  ...periodParameters(),
  deviceId: vine.number().positive().withoutDecimals().optional(),
  driverId: vine.number().positive().withoutDecimals().optional(),
})

type TripsParams = Awaited<ReturnType<typeof parameters.validate>>

/** The trips of the period (started in it), scoped to the company and the chosen vehicle/driver. */
function trips({ client, context, params, period }: ReportScope<TripsParams>) {
  const query = client
    .from('trips')
    .join('devices', 'devices.id', 'trips.device_id')
    .where('trips.company_id', context.companyId)
    // Hidden while the vehicle's subscription is expired (README "When a subscription ends").
    .whereRaw(visibleDeviceSql('trips.device_id'))
    .where('trips.start_time', '>=', period.from.toJSDate())
    .where('trips.start_time', '<', period.to.toJSDate())
  if (params.deviceId) query.where('trips.device_id', params.deviceId)
  if (params.driverId) query.where('trips.driver_id', params.driverId)
  return query
}

/**
 * Trips: one row per trip with its vehicle, driver, times, distance (km), durations and speeds;
 * totals over the whole period and the distance driven per local day as a chart.
 */
export const tripsReport = defineReport({
  key: 'trips',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    driver: { kind: 'text' },
    startTime: { kind: 'datetime', sortable: true },
    endTime: { kind: 'datetime' },
    distance: { kind: 'number', unit: 'km' },
    duration: { kind: 'number', unit: 'duration' },
    idleDuration: { kind: 'number', unit: 'duration' },
    maxSpeed: { kind: 'number', unit: 'km/h' },
    averageSpeed: { kind: 'number', unit: 'km/h' },
  },
  rows(scope) {
    return trips(scope)
      .leftJoin('drivers', 'drivers.id', 'trips.driver_id')
      .select(
        'devices.name as vehicle',
        'devices.plate as plate',
        'drivers.name as driver',
        'trips.start_time as startTime',
        'trips.end_time as endTime',
        scope.client.raw('round((trips.distance / 1000)::numeric, 2) as distance'),
        'trips.duration as duration',
        'trips.idle_duration as idleDuration',
        'trips.max_speed as maxSpeed',
        'trips.average_speed as averageSpeed'
      )
      .orderBy('trips.start_time', 'asc')
      .orderBy('trips.id', 'asc')
  },
  async totals(scope) {
    const row = await trips(scope)
      .select(
        scope.client.raw('count(*)::int as trips'),
        scope.client.raw(
          'coalesce(round((sum(trips.distance) / 1000)::numeric, 2), 0) as distance'
        ),
        scope.client.raw('coalesce(sum(trips.duration), 0)::int as duration'),
        scope.client.raw('coalesce(sum(trips.idle_duration), 0)::int as "idleDuration"'),
        scope.client.raw('coalesce(max(trips.max_speed), 0) as "maxSpeed"')
      )
      .first()
    return {
      trips: Number(row?.trips ?? 0),
      distance: Number(row?.distance ?? 0),
      duration: Number(row?.duration ?? 0),
      idleDuration: Number(row?.idleDuration ?? 0),
      maxSpeed: Number(row?.maxSpeed ?? 0),
    }
  },
  async chart(scope) {
    const rows: { day: string; distance: string }[] = await trips(scope)
      .select(
        scope.client.raw(`to_char(trips.start_time AT TIME ZONE ?, 'YYYY-MM-DD') as day`, [
          scope.context.timezone,
        ]),
        scope.client.raw('round((sum(trips.distance) / 1000)::numeric, 2) as distance')
      )
      .groupBy('day')
      .orderBy('day')
    return {
      type: 'bar',
      labels: rows.map((row) => row.day),
      series: [{ name: 'distance', data: rows.map((row) => Number(row.distance)) }],
    }
  },
})
