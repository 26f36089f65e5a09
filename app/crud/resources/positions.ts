import { defineResource } from '#crud/define_resource'
import { boolean, datetime, number, text } from '#crud/fields'

/**
 * Raw positions (history/tracking): read-only, newest first, the last day by
 * default; the (device_id, fix_time) key and the (company_id, fix_time) index
 * serve its queries. Counting stops at 100,000 rows.
 */
export const positionsResource = defineResource({
  key: 'positions',
  table: 'positions',
  query: (client, { companyId }) =>
    client
      .from('positions as p')
      .join('devices as d', 'd.id', 'p.device_id')
      .where('p.company_id', companyId),
  fields: {
    id: text("p.device_id || '-' || extract(epoch from p.fix_time)::bigint", {
      sortable: false,
      filterable: false,
    }),
    fix_time: datetime('p.fix_time'),
    server_time: datetime('p.server_time'),
    device: text('d.name'),
    plate: text('d.plate'),
    imei: text('d.imei'),
    device_id: number('p.device_id'),
    latitude: number('p.latitude'),
    longitude: number('p.longitude'),
    speed: number('p.speed'),
    course: number('p.course'),
    altitude: number('p.altitude'),
    satellites: number('p.satellites'),
    valid: boolean('p.valid'),
    ignition: boolean("(p.attributes->>'ignition')::boolean"),
    odometer_km: number("round(((p.attributes->>'odometer')::numeric / 1000), 1)"),
    power: number("(p.attributes->>'power')::numeric"),
  },
  defaultFields: [
    'fix_time',
    'device',
    'latitude',
    'longitude',
    'speed',
    'course',
    'satellites',
    'valid',
    'ignition',
  ],
  defaultSort: { column: 'fix_time', order: 'desc' },
  dateColumn: 'fix_time',
  defaultRangeDays: 1,
  deviceColumn: 'device_id',
  // What the user sees (the vehicle's name) as well as its plate and IMEI.
  searchColumns: ['device', 'plate', 'imei'],
  countCap: 100_000,
  keyColumns: ['p.device_id', 'p.fix_time'],
  labelColumn: 'fix_time',
})
