import { defineResource } from '#crud/define_resource'
import { date, datetime, enumOf, member, number, reference, text } from '#crud/fields'
import { bloodTypes, driverStatuses } from '#shared/fleet_enums'
import Driver from '#models/driver'
import { driverStateSql, joinLeaveToday } from '#queries/fleet/driver_state'

/** Drivers (spec §3): active, passive or on leave, assignable to a vehicle. */
export const driversResource = defineResource({
  key: 'drivers',
  table: 'drivers',
  extend: (query, { companyId, timeZone }) =>
    joinLeaveToday(query, 'drivers.id', companyId, timeZone).joinRaw(
      `LEFT JOIN (SELECT driver_id, string_agg(name, ', ' ORDER BY name) AS vehicles,
         min(id) AS vehicle_id FROM devices WHERE company_id = ? AND driver_id IS NOT NULL
         GROUP BY driver_id) v ON v.driver_id = drivers.id`,
      [companyId]
    ),
  fields: {
    name: text('drivers.name', { form: { required: true } }),
    // Stored active or passive; "on leave" while an approved leave request covers today.
    status: enumOf(driverStateSql('drivers.status'), driverStatuses, {
      form: { required: true, default: 'active' },
    }),
    birth_date: date('drivers.birth_date', { form: { notAfterToday: true } }),
    licence_number: text('drivers.licence_number', { form: { max: 50 } }),
    licence_expiry_date: date('drivers.licence_expiry_date', { form: {} }),
    phone: text('drivers.phone', { form: { max: 50 } }),
    card_id: text('drivers.card_id', { form: { max: 64, unique: true } }),
    blood_type: enumOf('drivers.blood_type', bloodTypes, { form: {} }),
    emergency_contact_name: text('drivers.emergency_contact_name', { form: {} }),
    emergency_contact_phone: text('drivers.emergency_contact_phone', { form: { max: 50 } }),
    region_id: reference('drivers.region_id', { table: 'regions' }, { form: {} }),
    department_id: reference('drivers.department_id', { table: 'departments' }, { form: {} }),
    // The member who is this driver: they see their own record, leave and checks.
    user_id: member('drivers.user_id', { form: {} }),
    vehicles: text('v.vehicles'),
    vehicle_id: number('v.vehicle_id'),
    notes: text('drivers.notes', { sortable: false, form: { multiline: true } }),
    created_at: datetime('drivers.created_at'),
  },
  defaultFields: ['name', 'phone', 'licence_number', 'card_id', 'status', 'vehicles'],
  dateColumn: 'created_at',
  deviceColumn: 'vehicle_id',
  searchColumns: ['name', 'phone', 'licence_number', 'card_id'],
  personalFields: [
    'birth_date',
    'licence_number',
    'licence_expiry_date',
    'phone',
    'blood_type',
    'emergency_contact_name',
    'emergency_contact_phone',
  ],
  // The member who is the driver (drivers.user_id, set on the form).
  ownedBy: (userId) => `drivers.user_id = ${userId}`,
  write: { ability: 'manageFleet', model: Driver },
})
