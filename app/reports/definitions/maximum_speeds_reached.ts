import vine from '@vinejs/vine'
import { defineReport, periodParameters, type ReportScope } from '#reports/engine/definition'
import { fromSql, placeSql, vehicleFilterSql, vehicleParameters } from '#reports/telematics'
import { aggregateSnapshot, groupBy, maxOf } from '#reports/snapshot'

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
  // The fastest trip of each vehicle-day is chosen on narrow rows, then read whole.
  const sql = `WITH fastest AS (
      SELECT DISTINCT ON (t.device_id, local.day) t.id, local.day
      FROM trips t
      JOIN devices d ON d.id = t.device_id
      CROSS JOIN LATERAL (SELECT (t.start_time AT TIME ZONE ?)::date AS day) local
      WHERE t.company_id = ? AND t.start_time >= ? AND t.start_time < ? AND ${filter.sql}
      ORDER BY t.device_id, local.day, t.max_speed DESC, t.start_time ASC, t.id ASC
    )
    SELECT t.device_id AS "deviceId", d.name AS vehicle, d.plate AS plate,
      to_char(f.day, 'YYYY-MM-DD') AS day,
      t.max_speed AS "maxSpeed", t.max_speed_time AS "time",
      ${placeSql('t.max_speed_latitude', 't.max_speed_longitude')} AS place,
      ${placeSql('t.max_speed_latitude', 't.max_speed_longitude')} AS coordinates,
      d.speed_limit AS "speedLimit"
    FROM fastest f
    JOIN trips t ON t.id = f.id
    JOIN devices d ON d.id = t.device_id`
  return fromSql(client, sql, [
    context.timezone,
    context.companyId,
    period.from.toJSDate(),
    period.to.toJSDate(),
    ...filter.bindings,
  ])
}

const snapshot = aggregateSnapshot<Params>({
  query: topSpeeds,
  columns: {
    deviceId: 'int',
    vehicle: 'text',
    plate: 'text',
    day: 'text',
    maxSpeed: 'float8',
    time: 'timestamptz',
    place: 'text',
    coordinates: 'text',
    speedLimit: 'int',
  },
  order: ['day', 'vehicle', 'deviceId'],
})

/** Maximum speeds reached: per vehicle and day, the top speed, where and when. */
export const maximumSpeedsReachedReport = defineReport({
  slug: 'maximum-speeds-reached',
  group: 'speed',
  key: 'maximum_speeds_reached',
  parameters,
  playback: { time: 'time' },
  columns: {
    deviceId: { kind: 'number', hidden: true, sortable: false },
    vehicle: { kind: 'text', sortable: true },
    plate: { kind: 'text' },
    day: { kind: 'date', sortable: true },
    maxSpeed: { kind: 'number', unit: 'km/h', sortable: true },
    time: { kind: 'datetime' },
    place: { kind: 'text', placeOf: 'coordinates', sortable: false },
    coordinates: { kind: 'text', sortable: false },
    speedLimit: { kind: 'number', unit: 'km/h' },
  },
  prepare: (scope) => snapshot.prepare(scope),
  page: (scope, offset, limit) => snapshot.page(scope, offset, limit),
  rows: (scope) => snapshot.rows(scope),
  async totals(scope) {
    const rows = await snapshot.all(scope)
    return { rows: rows.length, maxSpeed: maxOf(rows, 'maxSpeed') }
  },
  async chart(scope) {
    const days = groupBy(await snapshot.all(scope), 'day', 'maxSpeed', 'max')
    return {
      type: 'line',
      labels: [...days.keys()],
      series: [{ name: 'maxSpeed', data: [...days.values()] }],
    }
  },
})
