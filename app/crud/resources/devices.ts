import vine from '@vinejs/vine'
import { MAX_RECORD_ID } from '#shared/record_id'
import type { HttpContext } from '@adonisjs/core/http'
import { defineResource } from '#crud/resource'
import {
  booleanColumn,
  dateColumn,
  dateTimeColumn,
  enumColumn,
  numberColumn,
  textColumn,
} from '#crud/resources/columns'
import { companyLookups, resourceForm, validateForm } from '#crud/resource_helpers'
import { notifyDeviceChange, trackerProtocols } from '#actions/tracking/register_device'

export const fuelTypes = ['gasoline', 'diesel', 'electric', 'hybrid', 'other'] as const

const optionalText = (max: number) => vine.string().trim().maxLength(max).optional()
const optionalDate = () => vine.date({ formats: ['YYYY-MM-DD', 'x'] }).optional()
const companyReference = (table: string) =>
  vine
    .number()
    .withoutDecimals()
    .range([1, MAX_RECORD_ID])
    .exists({
      table,
      column: 'id',
      filter: (query, _value, field) => {
        query.where('company_id', field.meta.companyId)
      },
    })
    .optional()

const deviceForm = resourceForm({
  name: vine.string().trim().minLength(1).maxLength(200),
  plate: optionalText(32),
  imei: vine
    .string()
    .trim()
    .regex(/^[0-9A-Za-z_-]{4,20}$/)
    .unique({
      table: 'devices',
      column: 'imei',
      filter: (query, _value, field) => {
        if (field.meta.id) query.whereNot('id', field.meta.id)
      },
    }),
  protocol: vine.enum(trackerProtocols),
  sim_number: optionalText(32),
  driver_id: companyReference('drivers'),
  group_id: companyReference('device_groups'),
  region_id: companyReference('regions'),
  department_id: companyReference('departments'),
  category_id: companyReference('vehicle_categories'),
  type: optionalText(64),
  subtype: optionalText(64),
  brand: optionalText(64),
  model: optionalText(64),
  year: vine
    .number()
    .withoutDecimals()
    .range([1950, new Date().getFullYear() + 1])
    .optional(),
  engine_capacity: vine.number().withoutDecimals().range([0, 100_000]).optional(),
  fuel_type: vine.enum(fuelTypes).optional(),
  tank_capacity: vine.number().range([0, 10_000]).optional(),
  average_consumption: vine.number().range([0, 200]).optional(),
  idle_consumption: vine.number().range([0, 50]).optional(),
  inspection_date: optionalDate(),
  exhaust_date: optionalDate(),
  ownership: vine.enum(['own', 'rental']),
  status: vine.enum(['active', 'passive']),
  firmware_version: optionalText(64),
  protocol_version: optionalText(64),
  speed_limit: vine.number().withoutDecimals().range([1, 300]).optional(),
  licence_end_date: optionalDate(),
  installation_date: optionalDate(),
  notes: vine.string().trim().maxLength(2000).optional(),
})

/** Vehicles and their trackers (spec §3), with their live values from device_states. */
export const devicesResource = defineResource({
  key: 'devices',
  table: 'devices',
  query: (client, { companyId }) =>
    client
      .from('devices')
      .leftJoin('device_states as s', 's.device_id', 'devices.id')
      .leftJoin('drivers as dr', 'dr.id', 'devices.driver_id')
      .leftJoin('device_groups as g', 'g.id', 'devices.group_id')
      .leftJoin('regions as r', 'r.id', 'devices.region_id')
      .leftJoin('departments as dp', 'dp.id', 'devices.department_id')
      .leftJoin('vehicle_categories as vc', 'vc.id', 'devices.category_id')
      .where('devices.company_id', companyId),
  columns: {
    id: numberColumn('devices.id'),
    name: textColumn('devices.name'),
    plate: textColumn('devices.plate'),
    imei: textColumn('devices.imei'),
    protocol: enumColumn('devices.protocol', trackerProtocols),
    sim_number: textColumn('devices.sim_number'),
    driver: textColumn('dr.name'),
    driver_id: numberColumn('devices.driver_id'),
    group: textColumn('g.name'),
    group_id: numberColumn('devices.group_id'),
    type: textColumn('devices.type'),
    subtype: textColumn('devices.subtype'),
    brand: textColumn('devices.brand'),
    model: textColumn('devices.model'),
    category: textColumn('vc.name'),
    year: numberColumn('devices.year'),
    engine_capacity: numberColumn('devices.engine_capacity'),
    fuel_type: enumColumn('devices.fuel_type', fuelTypes),
    tank_capacity: numberColumn('devices.tank_capacity'),
    average_consumption: numberColumn('devices.average_consumption'),
    idle_consumption: numberColumn('devices.idle_consumption'),
    region: textColumn('r.name'),
    department: textColumn('dp.name'),
    inspection_date: dateColumn('devices.inspection_date'),
    exhaust_date: dateColumn('devices.exhaust_date'),
    ownership: enumColumn('devices.ownership', ['own', 'rental']),
    status: enumColumn('devices.status', ['active', 'passive']),
    firmware_version: textColumn('devices.firmware_version'),
    protocol_version: textColumn('devices.protocol_version'),
    ip_address: textColumn('s.ip_address'),
    gsm_signal: numberColumn('s.gsm_signal'),
    satellites: numberColumn('s.satellites'),
    power: numberColumn('s.power'),
    battery: numberColumn('s.battery'),
    last_seen_at: dateTimeColumn('s.last_seen_at'),
    speed: numberColumn('s.speed'),
    course: numberColumn('s.course'),
    odometer_km: numberColumn('round((s.odometer / 1000)::numeric, 1)'),
    live_status: enumColumn('s.live_status', ['moving', 'idle', 'stopped']),
    online: booleanColumn('coalesce(s.online, false)'),
    speed_limit: numberColumn('devices.speed_limit'),
    licence_end_date: dateColumn('devices.licence_end_date'),
    days_remaining: numberColumn('(devices.licence_end_date - current_date)'),
    installation_date: dateColumn('devices.installation_date'),
    notes: textColumn('devices.notes', { sortable: false }),
    created_at: dateTimeColumn('devices.created_at'),
  },
  defaultFields: [
    'name',
    'plate',
    'imei',
    'protocol',
    'driver',
    'group',
    'status',
    'live_status',
    'online',
    'last_seen_at',
    'days_remaining',
  ],
  defaultSort: { column: 'name', order: 'asc' },
  dateColumn: 'created_at',
  deviceColumn: 'id',
  searchColumns: ['name', 'plate', 'imei'],
  labelColumn: 'name',
  write: {
    role: 'manager',
    validate: (ctx: HttpContext, input: unknown, id: number | null) =>
      validateForm(deviceForm, ctx, input, id),
    afterWrite: async (client, row) => {
      // A claimed IMEI is no longer "unregistered device seen".
      await client.from('unregistered_devices').where('imei', String(row.imei)).delete()
      await notifyDeviceChange(client, String(row.imei))
    },
  },
  lookups: (client, { companyId }) =>
    companyLookups(client, companyId, {
      drivers: 'drivers',
      groups: 'device_groups',
      regions: 'regions',
      departments: 'departments',
      categories: 'vehicle_categories',
    }),
})
