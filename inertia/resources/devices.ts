import type { ResourceClient } from '~/crud/types'

const protocols = ['teltonika', 'gt06', 'osmand'] as const
const fuelTypes = ['gasoline', 'diesel', 'electric', 'hybrid', 'other'] as const

/** Vehicles (spec §3 "Device or vehicle"): every field an operator enters. */
export const devicesClient: ResourceClient = {
  key: 'devices',
  defaults: { protocol: 'teltonika', ownership: 'own', status: 'active' },
  rowHref: (row, path) => path('assets.show', { id: String(row.id) }),
  form: [
    { name: 'name', kind: 'text', required: true },
    { name: 'plate', kind: 'text' },
    { name: 'imei', kind: 'text', required: true },
    { name: 'protocol', kind: 'enum', values: protocols, required: true },
    { name: 'sim_number', kind: 'text' },
    { name: 'driver_id', kind: 'lookup', lookup: 'drivers' },
    { name: 'group_id', kind: 'lookup', lookup: 'groups' },
    { name: 'category_id', kind: 'lookup', lookup: 'categories' },
    { name: 'type', kind: 'text' },
    { name: 'subtype', kind: 'text' },
    { name: 'brand', kind: 'text' },
    { name: 'model', kind: 'text' },
    { name: 'year', kind: 'number' },
    { name: 'engine_capacity', kind: 'number' },
    { name: 'fuel_type', kind: 'enum', values: fuelTypes },
    { name: 'tank_capacity', kind: 'number', step: '0.1' },
    { name: 'average_consumption', kind: 'number', step: '0.1' },
    { name: 'idle_consumption', kind: 'number', step: '0.1' },
    { name: 'region_id', kind: 'lookup', lookup: 'regions' },
    { name: 'department_id', kind: 'lookup', lookup: 'departments' },
    { name: 'inspection_date', kind: 'date' },
    { name: 'exhaust_date', kind: 'date' },
    { name: 'ownership', kind: 'enum', values: ['own', 'rental'], required: true },
    { name: 'status', kind: 'enum', values: ['active', 'passive'], required: true },
    { name: 'firmware_version', kind: 'text' },
    { name: 'protocol_version', kind: 'text' },
    { name: 'speed_limit', kind: 'number' },
    { name: 'licence_end_date', kind: 'date' },
    { name: 'installation_date', kind: 'date' },
    { name: 'notes', kind: 'textarea' },
  ],
}
