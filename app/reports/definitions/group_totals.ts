import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { vehicleParameters, whereVehicles } from '#reports/telematics'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Per vehicle group (vehicles without one together), the trips that started in the period:
 * vehicles that drove, trips, distance and driving time.
 */
function perGroup({ client, context, params, period }: ReportScope<Params>) {
  const query = client
    .from('trips')
    .join('devices', 'devices.id', 'trips.device_id')
    .leftJoin('device_groups', 'device_groups.id', 'devices.group_id')
    .where('trips.company_id', context.companyId)
    .where('trips.start_time', '>=', period.from.toJSDate())
    .where('trips.start_time', '<', period.to.toJSDate())
  whereVehicles(query, context.companyId, params)
  return query
}

/** Totals per vehicle group: how much each group drove. */
export const groupTotalsReport = defineReport({
  slug: 'group-totals',
  group: 'trips_activity',
  key: 'group_totals',
  parameters,
  columns: {
    group: { kind: 'text', sortable: true },
    vehicles: { kind: 'number', sortable: true },
    trips: { kind: 'number', sortable: true },
    distance: { kind: 'number', unit: 'km', sortable: true },
    driving: { kind: 'number', unit: 'duration', sortable: true },
  },
  rows(scope) {
    return perGroup(scope)
      .groupBy('device_groups.id', 'device_groups.name')
      .select(
        scope.client.raw('coalesce(device_groups.name, \'—\') as "group"'),
        scope.client.raw('count(DISTINCT trips.device_id)::int as vehicles'),
        scope.client.raw('count(*)::int as trips'),
        scope.client.raw('round((sum(trips.distance) / 1000.0)::numeric, 1) as distance'),
        scope.client.raw('sum(trips.duration)::bigint as driving')
      )
      .orderByRaw('device_groups.name ASC NULLS LAST')
  },
  async totals(scope) {
    const row = await perGroup(scope)
      .select(
        scope.client.raw('count(DISTINCT devices.group_id)::int as groups'),
        scope.client.raw('count(DISTINCT trips.device_id)::int as vehicles'),
        scope.client.raw('count(*)::int as trips'),
        scope.client.raw(
          'coalesce(round((sum(trips.distance) / 1000.0)::numeric, 1), 0) as distance'
        ),
        scope.client.raw('coalesce(sum(trips.duration), 0)::bigint as driving')
      )
      .first()
    return {
      groups: Number(row?.groups ?? 0),
      vehicles: Number(row?.vehicles ?? 0),
      trips: Number(row?.trips ?? 0),
      distance: Number(row?.distance ?? 0),
      driving: Number(row?.driving ?? 0),
    }
  },
  async chart(scope) {
    const rows: { group: string; distance: string }[] = await perGroup(scope)
      .groupBy('device_groups.id', 'device_groups.name')
      .select(
        scope.client.raw('coalesce(device_groups.name, \'—\') as "group"'),
        scope.client.raw('round((sum(trips.distance) / 1000.0)::numeric, 1) as distance')
      )
      .orderByRaw('device_groups.name ASC NULLS LAST')
    return {
      type: 'bar',
      labels: rows.map((row) => row.group),
      series: [{ name: 'distance', data: rows.map((row) => Number(row.distance)) }],
    }
  },
})
