import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { vehicleParameters, whereVehicles } from '#reports/telematics'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Per vehicle, the ignition-on time of the period: the trips' time (driving) and the parkings'
 * engine-on time (standing with the ignition on), by the trips and parkings that started in it.
 */
function perVehicle({ client, context, params, period }: ReportScope<Params>) {
  const from = period.from.toJSDate()
  const to = period.to.toJSDate()
  const query = client
    .from('devices')
    .joinRaw(
      `JOIN (
        SELECT device_id, count(*)::int AS trips, sum(duration)::bigint AS driving,
               0::bigint AS standing
          FROM trips WHERE company_id = ? AND start_time >= ? AND start_time < ?
         GROUP BY device_id
        UNION ALL
        SELECT device_id, 0, 0, sum(engine_on_duration)::bigint
          FROM stops WHERE company_id = ? AND start_time >= ? AND start_time < ?
         GROUP BY device_id
      ) AS h ON h.device_id = devices.id`,
      [context.companyId, from, to, context.companyId, from, to]
    )
    .groupBy('devices.id', 'devices.name', 'devices.plate')
    .havingRaw('sum(h.driving) + sum(h.standing) > 0')
  whereVehicles(query, context.companyId, params)
  return query
}

/** Engine hours: how long each vehicle's ignition was on, driving and standing. */
export const engineHoursReport = defineReport({
  slug: 'engine-hours',
  group: 'trips_activity',
  key: 'engine_hours',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    trips: { kind: 'number', sortable: true },
    driving: { kind: 'number', unit: 'duration', sortable: true },
    standing: { kind: 'number', unit: 'duration', sortable: true },
    engineOn: { kind: 'number', unit: 'duration', sortable: true },
  },
  rows(scope) {
    return perVehicle(scope)
      .select(
        'devices.name as vehicle',
        'devices.plate as plate',
        scope.client.raw('sum(h.trips)::int as trips'),
        scope.client.raw('sum(h.driving)::bigint as driving'),
        scope.client.raw('sum(h.standing)::bigint as standing'),
        scope.client.raw('(sum(h.driving) + sum(h.standing))::bigint as "engineOn"')
      )
      .orderBy('devices.name', 'asc')
      .orderBy('devices.id', 'asc')
  },
  async totals(scope) {
    const rows: { trips: number; driving: string; standing: string }[] = await perVehicle(
      scope
    ).select(
      scope.client.raw('sum(h.trips)::int as trips'),
      scope.client.raw('sum(h.driving)::bigint as driving'),
      scope.client.raw('sum(h.standing)::bigint as standing')
    )
    const driving = rows.reduce((sum, row) => sum + Number(row.driving), 0)
    const standing = rows.reduce((sum, row) => sum + Number(row.standing), 0)
    return {
      vehicles: rows.length,
      trips: rows.reduce((sum, row) => sum + Number(row.trips), 0),
      driving,
      standing,
      engineOn: driving + standing,
    }
  },
  async chart(scope) {
    const rows: { vehicle: string; engineOn: string }[] = await perVehicle(scope)
      .select(
        'devices.name as vehicle',
        scope.client.raw('(sum(h.driving) + sum(h.standing))::bigint as "engineOn"')
      )
      .orderByRaw('2 desc')
      .orderBy('devices.name', 'asc')
      .limit(50)
    return {
      type: 'bar',
      labels: rows.map((row) => row.vehicle),
      series: [
        { name: 'engineOn', data: rows.map((row) => Math.round(Number(row.engineOn) / 36) / 100) },
      ],
    }
  },
})
