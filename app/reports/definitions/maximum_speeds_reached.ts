import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, placeSql, vehicleFilterSql, vehicleParameters } from '#reports/telematics'

const parameters = vine.create({
  ...periodParameters(),
  ...vehicleParameters(),
})

type Params = Awaited<ReturnType<typeof parameters.validate>>

/**
 * Per vehicle and local day, the fastest trip that started that day: its top speed, where
 * and when it was reached (kept on the trip at ingest), and the vehicle's speed limit.
 */
function topSpeeds({ client, context, params, period }: ReportScope<Params>) {
  const filter = vehicleFilterSql('d', context.companyId, params)
  const sql = `SELECT DISTINCT ON (t.device_id, day)
      t.device_id AS "deviceId", d.name AS vehicle, d.plate AS plate, day,
      t.max_speed AS "maxSpeed", t.max_speed_time AS "time",
      ${placeSql('t.max_speed_latitude', 't.max_speed_longitude')} AS place,
      d.speed_limit AS "speedLimit"
    FROM trips t
    JOIN devices d ON d.id = t.device_id
    CROSS JOIN LATERAL (SELECT to_char(t.start_time AT TIME ZONE ?, 'YYYY-MM-DD') AS day) local
    WHERE t.company_id = ? AND t.start_time >= ? AND t.start_time < ? AND ${filter.sql}
    ORDER BY t.device_id, day, t.max_speed DESC, t.start_time ASC, t.id ASC`
  return fromSql(client, sql, [
    context.timezone,
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
    ...filter.bindings,
  ])
}

/** Maximum speeds reached: per vehicle and day, the top speed, where and when. */
export const maximumSpeedsReachedReport = defineReport({
  key: 'maximum_speeds_reached',
  parameters,
  columns: {
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    day: { kind: 'date', sortable: true },
    maxSpeed: { kind: 'number', unit: 'km/h', sortable: true },
    time: { kind: 'datetime' },
    place: { kind: 'text' },
    speedLimit: { kind: 'number', unit: 'km/h' },
  },
  rows(scope) {
    return topSpeeds(scope)
      .select('*')
      .orderBy('day', 'asc')
      .orderBy('vehicle', 'asc')
      .orderBy('deviceId', 'asc')
  },
  async totals(scope) {
    const row = await topSpeeds(scope)
      .select(
        scope.client.raw('count(*)::int as rows'),
        scope.client.raw('coalesce(max("maxSpeed"), 0) as "maxSpeed"')
      )
      .first()
    return { rows: Number(row?.rows ?? 0), maxSpeed: Number(row?.maxSpeed ?? 0) }
  },
  async chart(scope) {
    const rows: { day: string; speed: string }[] = await topSpeeds(scope)
      .select('day', scope.client.raw('max("maxSpeed") as speed'))
      .groupBy('day')
      .orderBy('day')
    return {
      type: 'line',
      labels: rows.map((row) => row.day),
      series: [{ name: 'maxSpeed', data: rows.map((row) => Number(row.speed)) }],
    }
  },
})
