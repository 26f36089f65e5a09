import { defineResource } from '#crud/resource'
import { booleanColumn, dateTimeColumn, numberColumn, textColumn } from '#crud/resources/columns'

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
  columns: {
    id: textColumn("p.device_id || '-' || extract(epoch from p.fix_time)::bigint", {
      sortable: false,
      filterable: false,
    }),
    fix_time: dateTimeColumn('p.fix_time'),
    server_time: dateTimeColumn('p.server_time'),
    device: textColumn('d.name'),
    plate: textColumn('d.plate'),
    imei: textColumn('d.imei'),
    device_id: numberColumn('p.device_id'),
    latitude: numberColumn('p.latitude'),
    longitude: numberColumn('p.longitude'),
    speed: numberColumn('p.speed'),
    course: numberColumn('p.course'),
    altitude: numberColumn('p.altitude'),
    satellites: numberColumn('p.satellites'),
    valid: booleanColumn('p.valid'),
    ignition: booleanColumn("(p.attributes->>'ignition')::boolean"),
    odometer_km: numberColumn("round(((p.attributes->>'odometer')::numeric / 1000), 1)"),
    power: numberColumn("(p.attributes->>'power')::numeric"),
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
  labelColumn: 'fix_time',
})
