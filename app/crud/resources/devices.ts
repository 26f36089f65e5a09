import { defineResource } from '#crud/define_resource'
import { boolean, date, datetime, enumOf, number, reference, text } from '#crud/fields'
import { notifyDeviceChange } from '#actions/tracking/register_device'
import {
  deviceStatuses,
  fuelTypes,
  liveStatuses,
  ownerships,
  trackerProtocols,
} from '#shared/fleet_enums'
import Device from '#models/device'

const thisYear = new Date().getFullYear()

/** Vehicles and their trackers (spec §3), with their live values from device_states. */
export const devicesResource = defineResource({
  key: 'devices',
  table: 'devices',
  extend: (query) => query.leftJoin('device_states as s', 's.device_id', 'devices.id'),
  fields: {
    name: text('devices.name', { form: { required: true } }),
    plate: text('devices.plate', { form: { max: 32 } }),
    imei: text('devices.imei', {
      form: { required: true, pattern: /^[0-9A-Za-z_-]{4,20}$/, unique: 'global' },
    }),
    protocol: enumOf('devices.protocol', trackerProtocols, {
      form: { required: true, default: 'teltonika' },
    }),
    sim_number: text('devices.sim_number', { form: { max: 32 } }),
    driver_id: reference('devices.driver_id', { table: 'drivers' }, { form: {} }),
    group_id: reference('devices.group_id', { table: 'device_groups' }, { form: {} }),
    category_id: reference('devices.category_id', { table: 'vehicle_categories' }, { form: {} }),
    type: text('devices.type', { form: { max: 64 } }),
    subtype: text('devices.subtype', { form: { max: 64 } }),
    brand: text('devices.brand', { form: { max: 64 } }),
    model: text('devices.model', { form: { max: 64 } }),
    year: number('devices.year', { form: { integer: true, min: 1950, max: thisYear + 1 } }),
    engine_capacity: number('devices.engine_capacity', {
      form: { integer: true, min: 0, max: 100_000 },
    }),
    fuel_type: enumOf('devices.fuel_type', fuelTypes, { form: {} }),
    tank_capacity: number('devices.tank_capacity', { form: { min: 0, max: 10_000, step: '0.1' } }),
    average_consumption: number('devices.average_consumption', {
      form: { min: 0, max: 200, step: '0.1' },
    }),
    idle_consumption: number('devices.idle_consumption', {
      form: { min: 0, max: 50, step: '0.1' },
    }),
    region_id: reference('devices.region_id', { table: 'regions' }, { form: {} }),
    department_id: reference('devices.department_id', { table: 'departments' }, { form: {} }),
    inspection_date: date('devices.inspection_date', { form: {} }),
    exhaust_date: date('devices.exhaust_date', { form: {} }),
    ownership: enumOf('devices.ownership', ownerships, {
      form: { required: true, default: 'own' },
    }),
    status: enumOf('devices.status', deviceStatuses, {
      form: { required: true, default: 'active' },
    }),
    firmware_version: text('devices.firmware_version', { form: { max: 64 } }),
    protocol_version: text('devices.protocol_version', { form: { max: 64 } }),
    ip_address: text('s.ip_address'),
    gsm_signal: number('s.gsm_signal'),
    satellites: number('s.satellites'),
    power: number('s.power'),
    battery: number('s.battery'),
    last_seen_at: datetime('s.last_seen_at'),
    speed: number('s.speed'),
    course: number('s.course'),
    odometer_km: number('round((s.odometer / 1000)::numeric, 1)'),
    live_status: enumOf('s.live_status', liveStatuses),
    online: boolean('coalesce(s.online, false)'),
    speed_limit: number('devices.speed_limit', { form: { integer: true, min: 1, max: 300 } }),
    licence_end_date: date('devices.licence_end_date', { form: {} }),
    days_remaining: number('(devices.licence_end_date - current_date)'),
    installation_date: date('devices.installation_date', { form: {} }),
    notes: text('devices.notes', { sortable: false, form: { multiline: true } }),
    created_at: datetime('devices.created_at'),
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
  dateColumn: 'created_at',
  deviceColumn: 'id',
  searchColumns: ['name', 'plate', 'imei'],
  write: {
    ability: 'manageFleet',
    model: Device,
    afterWrite: async (client, device) => {
      // A claimed IMEI is no longer "unregistered device seen".
      await client.from('unregistered_devices').where('imei', String(device.imei)).delete()
      await notifyDeviceChange(client, String(device.imei))
    },
  },
})
